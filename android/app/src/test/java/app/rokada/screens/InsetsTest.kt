package app.rokada.screens

import android.widget.Button
import android.widget.EditText
import android.widget.ScrollView
import app.rokada.R
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.screens.harness.Bars
import app.rokada.screens.harness.Device
import app.rokada.screens.harness.Look
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.testing.playAll
import app.rokada.ui.HomeActivity
import app.rokada.ui.JoinActivity
import app.rokada.ui.RulesActivity
import app.rokada.ui.SettingsActivity
import org.junit.Assert.assertTrue
import org.junit.Test

/** Edge to edge (target SDK 36): no content under the action bar, a system bar or the keyboard. */
class InsetsTest : ScreenTest() {
    @Test
    fun `content starts below the action bar`() {
        for (type in listOf(
            HomeActivity::class.java,
            JoinActivity::class.java,
            RulesActivity::class.java,
            SettingsActivity::class.java,
        )) {
            val screen = Screens.launch(type).get()
            val decor = screen.window.decorView
            Bars.assertContentWithin(screen, Bars().clear(decor.width, decor.height))
        }
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        val decor = game.window.decorView
        Bars.assertContentWithin(game, Bars().clear(decor.width, decor.height))
    }

    @Test
    fun `portrait, with status and navigation bars`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        val bars = Bars.portrait(game)
        bars.applyTo(game)
        val decor = game.window.decorView
        Bars.assertContentWithin(game, bars.clear(decor.width, decor.height))
    }

    @Test
    fun `a tablet, with a game's every control in the clear`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone), Look(device = Device.TABLET)).get()
        val bars = Bars.portrait(game)
        bars.applyTo(game)
        val decor = game.window.decorView
        Bars.assertContentWithin(game, bars.clear(decor.width, decor.height))
    }

    @Test
    fun `a tablet keeps lines of moves under the board when a claim button shows`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone), Look(device = Device.TABLET)).get()
        Screens.game().game.playAll("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
        Screens.settle()
        val claim = Screens.all<Button>(game.window.decorView)
            .single { it.text.toString().startsWith(game.getString(R.string.game_menu_claim_threefold)) }
        val moves = Screens.all<ScrollView>(game.window.decorView).single()
        val content = moves.getChildAt(0).height
        assertTrue("the claim button shows", claim.isShown)
        assertTrue("the moves get ${moves.height} px of the ${content} px they need", moves.height >= content)
    }

    @Test
    fun `landscape, with the navigation bar on the side`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone), Look(device = Device.PHONE_LANDSCAPE)).get()
        val bars = Bars.landscape(game)
        bars.applyTo(game)
        val decor = game.window.decorView
        assertTrue(decor.width > decor.height)
        Bars.assertContentWithin(game, bars.clear(decor.width, decor.height))
    }

    @Test
    fun `the join screen with the keyboard open`() {
        val join = Screens.launch(JoinActivity::class.java).get()
        val code = Screens.all<EditText>(join.window.decorView).last()
        code.requestFocus()
        val decor = join.window.decorView
        val bars = Bars.portrait(join).copy(keyboard = decor.height * 2 / 5)
        bars.applyTo(join)
        val clear = bars.clear(decor.width, decor.height)
        Bars.assertContentWithin(join, clear)
        val connect = Screens.all<Button>(decor).single { it.text.toString() == join.getString(R.string.wifi_connect) }
        assertTrue("Connect is under the keyboard", Bars.rectOf(connect).bottom <= clear.bottom)
        assertTrue("the code field is under the keyboard", Bars.rectOf(code).bottom <= clear.bottom)
    }
}
