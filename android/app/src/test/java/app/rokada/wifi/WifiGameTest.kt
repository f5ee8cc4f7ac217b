package app.rokada.wifi

import app.rokada.core.Controller
import app.rokada.core.Game
import app.rokada.core.GameEvent
import app.rokada.core.LinkState
import app.rokada.core.PeerEvent
import app.rokada.core.PeerRole
import app.rokada.core.Side
import app.rokada.core.SideChoice
import app.rokada.game.GameController
import app.rokada.testing.QueueExecutor
import app.rokada.testing.ResourceStrings
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** Two phones in one process, over loopback: the host and the joiner as the app drives them. */
class WifiGameTest {
    private class Phone(game: Game) {
        val main = QueueExecutor()
        val events = mutableListOf<GameEvent>()
        val controller = GameController(game, main).also { c -> c.observer = GameController.Observer { events += it } }

        fun waitFor(what: String, done: (List<GameEvent>) -> Boolean) {
            while (!done(events)) assertTrue(main.runNext(10_000), what)
        }
    }

    private fun peerEvents(events: List<GameEvent>) = events.filterIsInstance<GameEvent.Peer>().map { it.event }

    @Test
    fun `a hosted game is joined with its code and moves cross over`() {
        val host = Phone(Game.hostWifi(SideChoice.WHITE, null, 0u))
        val waiting = host.controller.state().peer!!
        assertEquals(PeerRole.HOST, waiting.role)
        assertEquals(LinkState.PAIRING, waiting.link)
        val english = PeerTexts(ResourceStrings("en"))
        val banner = english.banner(waiting, listOf("192.168.1.20"))!!
        assertTrue(banner.startsWith("Pairing code: ${waiting.code}"), banner)
        assertTrue(banner.contains("This phone's address: 192.168.1.20:${waiting.port}"), banner)

        val joiner = Phone(Game.joinWifi("127.0.0.1", waiting.port!!, waiting.code!!))
        joiner.waitFor("the joiner's game starts") { e -> peerEvents(e).any { it is PeerEvent.GameStarted } }
        assertEquals(Side.BLACK, peerEvents(joiner.events).filterIsInstance<PeerEvent.GameStarted>().single().local)
        host.waitFor("the host sees the joiner") { e -> peerEvents(e).any { it is PeerEvent.Connected } }
        assertEquals(null, english.banner(host.controller.state().peer!!, emptyList()))

        host.controller.tap(sq("e2"))
        host.controller.tap(sq("e4"))
        joiner.waitFor("the move arrives") { e -> e.any { it is GameEvent.MovePlayed } }
        val arrived = joiner.events.filterIsInstance<GameEvent.MovePlayed>().single()
        assertEquals("e4", arrived.played.san)
        assertEquals(Controller.REMOTE, arrived.by)
        assertTrue(joiner.controller.state().isLocalTurn)

        assertEquals(listOf(WifiAction.LEAVE), wifiActions(joiner.controller.state()))
        joiner.controller.close()
        host.waitFor("the host hears the joiner leave") { e ->
            peerEvents(e).any { it is PeerEvent.PeerLeft || it is PeerEvent.LinkLost || it is PeerEvent.Adjourned }
        }
        host.controller.close()
    }

    @Test
    fun `a wrong code is refused and the joiner is told why`() {
        val host = Phone(Game.hostWifi(SideChoice.RANDOM, null, 0u))
        val waiting = host.controller.state().peer!!
        val wrong = if (waiting.code == "000000") "111111" else "000000"
        val joiner = Phone(Game.joinWifi("127.0.0.1", waiting.port!!, wrong))
        joiner.waitFor("the host refuses") { e -> peerEvents(e).any { it is PeerEvent.RefusedByHost } }
        val refused = peerEvents(joiner.events).filterIsInstance<PeerEvent.RefusedByHost>().single()
        assertEquals("Wrong pairing code.", PeerTexts(ResourceStrings("en")).event(refused))
        joiner.controller.close()
        host.controller.close()
    }
}
