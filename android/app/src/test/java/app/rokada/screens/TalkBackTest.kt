package app.rokada.screens

import android.content.Context
import android.view.accessibility.AccessibilityEvent
import android.view.accessibility.AccessibilityManager
import android.view.accessibility.AccessibilityNodeInfo
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.Square
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Look
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.testing.sans
import org.junit.Assert.assertEquals
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf

/** A screen reader hears every square and every move, and plays by activating squares. */
class TalkBackTest : ScreenTest() {
    private fun accessibility(): AccessibilityManager {
        val manager = RuntimeEnvironment.getApplication().getSystemService(Context.ACCESSIBILITY_SERVICE) as AccessibilityManager
        shadowOf(manager).setEnabled(true)
        return manager
    }

    private fun announcements(manager: AccessibilityManager): List<String> = shadowOf(manager).sentAccessibilityEvents
        .filter { it.eventType == AccessibilityEvent.TYPE_ANNOUNCEMENT }
        .map { it.text.joinToString("") }

    @Test
    fun `each square says its name and what stands on it`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        val nodes = BoardDriver(game).view.accessibilityNodeProvider
        fun said(square: Square) = nodes.createAccessibilityNodeInfo(square.ordinal)!!.contentDescription.toString()
        assertEquals("e2, white pawn", said(Square.E2))
        assertEquals("e4, empty", said(Square.E4))
        assertEquals("g8, black knight", said(Square.G8))
        val board = nodes.createAccessibilityNodeInfo(android.view.View.NO_ID)!!
        assertEquals(64, board.childCount)
    }

    @Test
    fun `activating two squares plays a move, and the move is announced`() {
        val manager = accessibility()
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        val nodes = BoardDriver(game).view.accessibilityNodeProvider
        nodes.performAction(Square.G1.ordinal, AccessibilityNodeInfo.ACTION_CLICK, null)
        Screens.idle()
        assertEquals("g1 selected", nodes.createAccessibilityNodeInfo(Square.G1.ordinal)!!.contentDescription.toString())
        assertEquals("f3, legal move", nodes.createAccessibilityNodeInfo(Square.F3.ordinal)!!.contentDescription.toString())
        nodes.performAction(Square.F3.ordinal, AccessibilityNodeInfo.ACTION_CLICK, null)
        assertEquals(listOf("Nf3"), Screens.view().sans())
        Screens.idleUntil("the move's announcement") { announcements(manager).isNotEmpty() }
        assertEquals("the move in words, from the core", listOf("Knight f3"), announcements(manager))
    }

    @Test
    fun `announcements speak the screen's language`() {
        val manager = accessibility()
        Screens.launchGame(GameSetup(GameMode.SamePhone), Look(language = "pl")).get()
        Screens.game().game.playText("Nf3")
        Screens.idleUntil("the move's announcement") { announcements(manager).isNotEmpty() }
        assertEquals(listOf("Skoczek f3"), announcements(manager))
    }
}
