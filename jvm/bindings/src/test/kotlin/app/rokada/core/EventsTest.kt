package app.rokada.core

import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotSame
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class EventsTest {
    @Test
    fun `actions of the app report back on the calling thread`() {
        sharedPhoneGame().use { game ->
            val events = game.listen()
            val played = game.playText("e4")
            val received = events.drain()
            assertEquals(listOf<GameEvent>(GameEvent.MovePlayed(played, Controller.LOCAL)), received.map { it.event })
            assertSame(Thread.currentThread(), received.single().thread)

            game.undo()
            assertEquals(listOf<GameEvent>(GameEvent.PositionChanged), events.drain().map { it.event })

            game.setListener(null)
            game.playText("d4")
            assertEquals(emptyList<Received>(), events.drain())
        }
    }

    @Test
    fun `a falling flag is reported from a core thread`() {
        sharedPhoneGame(timeControl = timeControl(300)).use { game ->
            val events = game.listen()
            game.playText("e4")
            // The move itself, on this thread: it starts Black's clock.
            assertEquals(GameEvent.MovePlayed::class, events.next().event::class)
            val started = events.next()
            assertSame(Thread.currentThread(), started.thread)
            assertEquals(Side.BLACK, (started.event as GameEvent.ClockChanged).clock.running)

            val clock = events.next()
            val over = events.next()
            for (received in listOf(clock, over)) assertNotSame(Thread.currentThread(), received.thread)
            (clock.event as GameEvent.ClockChanged).clock.let {
                assertEquals(0uL, it.blackMs)
                assertEquals(null, it.running)
                assertEquals("0:00.0", it.blackText)
            }
            assertEquals(GameEvent.GameOver(GameEnd(GameResult.WHITE_WINS, EndReason.TIMEOUT)), over.event)
            assertOver(game, GameResult.WHITE_WINS, EndReason.TIMEOUT)
        }
    }

    @Test
    fun `a flag falling against a bare king is a draw`() {
        sharedPhoneGame("4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", timeControl(300)).use { game ->
            val events = game.listen()
            game.playText("Kd1")
            val over = generateSequence { events.next() }.first { it.event is GameEvent.GameOver }
            assertNotSame(Thread.currentThread(), over.thread)
            assertEquals(
                GameEvent.GameOver(GameEnd(GameResult.DRAW, EndReason.TIMEOUT_CANNOT_MATE)),
                over.event,
            )
        }
    }

    @Test
    fun `a listener may call back into the game from the clock thread`() {
        sharedPhoneGame(timeControl = timeControl(300)).use { game ->
            val seen = LinkedBlockingQueue<Pair<GameEvent, GameState>>()
            game.setListener(
                object : GameListener {
                    override fun onEvent(event: GameEvent) {
                        seen.put(event to game.state())
                    }
                },
            )
            game.playText("e4")
            val (event, state) = generateSequence { seen.poll(10, TimeUnit.SECONDS) }
                .first { it.first is GameEvent.GameOver }
            assertEquals(GameEvent.GameOver(GameEnd(GameResult.WHITE_WINS, EndReason.TIMEOUT)), event)
            assertEquals(GameEnd(GameResult.WHITE_WINS, EndReason.TIMEOUT), state.end)
            assertTrue(state.actions.none { it == GameAction.Resign })
        }
    }

    @Test
    fun `a listener that throws cannot make a played move look refused`() {
        sharedPhoneGame().use { game ->
            game.setListener(
                object : GameListener {
                    override fun onEvent(event: GameEvent) = throw IllegalStateException("broken listener")
                },
            )
            assertEquals("e4", game.playText("e4").san)
            assertEquals(listOf("e4"), game.state().moves)
            val events = game.listen()
            game.playText("e5")
            assertEquals(1, events.drain().size)
        }
    }

    @Test
    fun `draw offers over Wi-Fi are events`() {
        val (host, joiner) = wifiPair()
        host.use {
            joiner.use {
                val hostEvents = host.listen()
                val joinerEvents = joiner.listen()
                host.offerDraw()
                assertEquals(listOf<GameEvent>(GameEvent.DrawOffered(Side.WHITE)), hostEvents.drain().map { it.event })
                assertEquals(GameEvent.DrawOffered(Side.WHITE), joinerEvents.next().event)
                assertEquals(Side.WHITE, joiner.state().drawOffer)
                assertTrue(GameAction.AcceptDraw in joiner.state().actions)
            }
        }
    }
}
