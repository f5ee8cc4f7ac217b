package app.rokada.wifi

import app.rokada.core.Controller
import app.rokada.core.EventKind
import app.rokada.core.Game
import app.rokada.core.GameView
import app.rokada.core.HostAddress
import app.rokada.core.LinkState
import app.rokada.core.PeerEvent
import app.rokada.core.PeerRole
import app.rokada.core.PlayerLabel
import app.rokada.core.Refusal
import app.rokada.core.Side
import app.rokada.core.SideChoice
import app.rokada.game.GameController
import app.rokada.testing.QueueExecutor
import app.rokada.testing.ResourceStrings
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** Two phones in one process, over loopback: the host and the joiner as the app's controller drives them. */
class WifiGameTest {
    private class Phone(game: Game) {
        val main = QueueExecutor()
        val events = mutableListOf<EventKind>()
        var view: GameView? = null
        val controller = GameController(game, main).also { c ->
            c.observer = object : GameController.Observer {
                override fun show(view: GameView) {
                    this@Phone.view = view
                }

                override fun happened(event: EventKind) {
                    events += event
                }
            }
        }

        val news: List<PeerEvent> get() = events.filterIsInstance<EventKind.Peer>().map { it.event }

        fun waitFor(what: String, done: () -> Boolean) {
            while (!done()) assertTrue(main.runNext(), what)
        }
    }

    @Test
    fun `a hosted game is joined with its code, moves cross over, and leaving is heard`() {
        val host = Phone(Game.hostWifi(SideChoice.WHITE, null, port = 0u, name = "Host phone"))
        val waiting = host.view!!.peer!!
        assertEquals(PeerRole.HOST, waiting.role)
        assertEquals(LinkState.PAIRING, waiting.link)

        val joiner = Phone(Game.joinWifi(HostAddress("127.0.0.1", waiting.port!!), waiting.code!!, "Joiner phone"))
        // The game starts when the joiner has the host's game, not when the link is up.
        joiner.waitFor("the joiner's game starts") { joiner.news.any { it is PeerEvent.GameStarted } }
        host.waitFor("the host's game starts") { host.news.any { it is PeerEvent.GameStarted } }
        assertEquals(Side.BLACK, joiner.news.filterIsInstance<PeerEvent.GameStarted>().single().local)
        // The host's name comes with the game; the joiner's follows as an event of its own.
        joiner.waitFor("the host's name shows") { joiner.view!!.top.label == PlayerLabel.Peer("Host phone") }
        host.waitFor("the joiner's name arrives") { host.news.any { it is PeerEvent.PlayerNamed } }
        assertEquals(PlayerLabel.Peer("Joiner phone"), host.view!!.top.label)

        host.controller.tap(sq("e2"))
        host.controller.tap(sq("e4"))
        joiner.waitFor("the move arrives") { joiner.events.any { it is EventKind.MovePlayed } }
        val arrived = joiner.events.filterIsInstance<EventKind.MovePlayed>().single()
        assertEquals("e4", arrived.played.san)
        assertEquals(Controller.REMOTE, arrived.by)
        assertTrue(joiner.view!!.board.interactive)

        joiner.controller.stop()
        host.waitFor("the host hears the joiner leave") {
            host.news.any { it is PeerEvent.PeerLeft || it is PeerEvent.Adjourned }
        }
        host.controller.stop()
    }

    @Test
    fun `a wrong code is refused and the joiner is told why`() {
        val host = Phone(Game.hostWifi(SideChoice.RANDOM, null, port = 0u))
        val waiting = host.view!!.peer!!
        val wrong = if (waiting.code == "000000") "111111" else "000000"
        val joiner = Phone(Game.joinWifi(HostAddress("127.0.0.1", waiting.port!!), wrong))
        joiner.waitFor("the host refuses") { joiner.news.any { it is PeerEvent.RefusedByHost } }
        assertEquals(PeerEvent.RefusedByHost(Refusal.WRONG_CODE), joiner.news.filterIsInstance<PeerEvent.RefusedByHost>().single())
        host.waitFor("the host counts the wrong code") { host.view!!.peer!!.wrongCodes == 1u }
        joiner.controller.stop()
        host.controller.stop()
    }
}
