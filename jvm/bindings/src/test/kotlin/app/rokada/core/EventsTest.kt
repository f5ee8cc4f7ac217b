package app.rokada.core

import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotSame
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class EventsTest {
    @Test
    fun `an app's own move crosses once and its echo carries the revision already drawn`() {
        sharedPhoneGame().use { game ->
            val events = game.listen()
            val played = game.playText("e4").played()
            val echo = events.next()
            assertEquals(EventKind.MovePlayed(played.played, Controller.LOCAL), echo.kind)
            assertEquals(played.view.revision, echo.event.revision)
            // Delivered on the game's event thread, never inside the caller's call.
            assertNotSame(Thread.currentThread(), echo.thread)

            val undone = game.perform(GameAction.Undo).done()
            val changed = events.next()
            assertEquals(EventKind.PositionChanged, changed.kind)
            assertEquals(undone.revision, changed.event.revision)

            game.setListener(null)
            game.playText("d4")
            assertEquals(emptyList<Received>(), events.drain())
        }
    }

    @Test
    fun `events arrive in the order things happened, each with a revision no older than the last`() {
        sharedPhoneGame().use { game ->
            val events = game.listen()
            val revisions = listOf("f3", "e5", "g4", "Qh4#").map { game.playText(it).played().view.revision }
            val received = events.upTo { it is EventKind.GameOver }
            assertEquals(
                listOf("f3", "e5", "g4", "Qh4#"),
                received.mapNotNull { (it.kind as? EventKind.MovePlayed)?.played?.san },
            )
            assertEquals(revisions, received.filter { it.kind is EventKind.MovePlayed }.map { it.event.revision })
            assertEquals(revisions.last(), received.last().event.revision)
            val all = received.map { it.event.revision }
            assertEquals(all.sorted(), all)
            assertEquals(EventKind.GameOver(GameEnd(GameResult.BLACK_WINS, EndReason.CHECKMATE)), received.last().kind)
        }
    }

    @Test
    fun `events before a listener are delivered to the first one`() {
        sharedPhoneGame().use { game ->
            game.playAll("e4", "e5")
            val events = game.listen()
            val sans = events.upTo { it is EventKind.MovePlayed && it.played.ply == 2u }
                .mapNotNull { (it.kind as? EventKind.MovePlayed)?.played?.san }
            assertEquals(listOf("e4", "e5"), sans)
        }
    }

    @Test
    fun `a falling flag is reported from a core thread`() {
        sharedPhoneGame(timeControl = timeControl(300)).use { game ->
            val events = game.listen()
            game.playText("e4")
            val over = events.until { it is EventKind.GameOver }
            assertNotSame(Thread.currentThread(), over.thread)
            assertEquals(EventKind.GameOver(GameEnd(GameResult.WHITE_WINS, EndReason.TIMEOUT)), over.kind)
            assertOver(game, GameResult.WHITE_WINS, EndReason.TIMEOUT)
            val clock = checkNotNull(game.clock())
            assertEquals(0uL, clock.black.ms)
            assertEquals("0:00.0", clock.black.text)
            assertTrue(!clock.black.running && !clock.white.running)
            assertEquals(clock.black, game.view().top.clock)
        }
    }

    @Test
    fun `low time is an event once, and the face turns low`() {
        // 10 s: the warning is at 10 s, so it sounds at once when Black's clock starts.
        sharedPhoneGame(timeControl = timeControl(10_000)).use { game ->
            val events = game.listen()
            game.playText("e4")
            val low = events.until { it is EventKind.LowTime }
            assertEquals(EventKind.LowTime(Side.BLACK), low.kind)
            val face = checkNotNull(game.clock()).black
            assertTrue(face.low && face.running, "$face")
            game.perform(GameAction.Resign)
        }
    }

    @Test
    fun `a flag falling against a bare king is a draw`() {
        sharedPhoneGame("4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", timeControl(300)).use { game ->
            val events = game.listen()
            game.playText("Kd1")
            val over = events.until { it is EventKind.GameOver }
            assertNotSame(Thread.currentThread(), over.thread)
            assertEquals(EventKind.GameOver(GameEnd(GameResult.DRAW, EndReason.TIMEOUT_CANNOT_MATE)), over.kind)
        }
    }

    @Test
    fun `a listener may call back into the game from the event thread`() {
        sharedPhoneGame(timeControl = timeControl(300)).use { game ->
            val seen = LinkedBlockingQueue<Pair<LiveEvent, GameView>>()
            game.setListener(
                object : GameListener {
                    override fun onEvent(event: LiveEvent) {
                        seen.put(event to game.view())
                    }
                },
            )
            game.playText("e4")
            val (event, view) = generateSequence { seen.poll(60, TimeUnit.SECONDS) }
                .first { it.first.kind is EventKind.GameOver }
            assertTrue(view.revision >= event.revision)
            assertEquals(GameEnd(GameResult.WHITE_WINS, EndReason.TIMEOUT), view.status.end)
            assertTrue(GameAction.Resign !in view.allActions())
        }
    }

    @Test
    fun `a listener that throws cannot make a played move look refused`() {
        sharedPhoneGame().use { game ->
            game.setListener(
                object : GameListener {
                    override fun onEvent(event: LiveEvent) = throw IllegalStateException("broken listener")
                },
            )
            assertEquals("e4", game.playText("e4").played().played.san)
            assertEquals(listOf("e4"), game.view().sans())
            // A new listener also hears what the broken one had not been
            // handed yet (e4's move, depending on the event thread), then e5's.
            val events = game.listen()
            game.playText("e5")
            val played = events.upTo { (it as? EventKind.MovePlayed)?.played?.san == "e5" }
                .map { it.kind }.filterIsInstance<EventKind.MovePlayed>().map { it.played.san }
            assertTrue(played == listOf("e5") || played == listOf("e4", "e5"), "$played")
        }
    }

    @Test
    fun `the computer's thinking and its move are events`() {
        Game(GameSetup(GameMode.Computer(Side.WHITE, 1u))).use { game ->
            val events = game.listen()
            game.playText("e4")
            val received = events.upTo { it is EventKind.MovePlayed && it.by == Controller.COMPUTER }.map { it.kind }
            assertTrue(EventKind.ComputerThinking(true) in received, "$received")
            val reply = received.last() as EventKind.MovePlayed
            assertEquals(Side.BLACK, reply.played.side)
            val view = game.view()
            assertEquals(Mover.You, view.status.mover)
            assertTrue(view.board.interactive)
        }
    }

    @Test
    fun `draw offers over Wi-Fi are events and a prompt on the other device`() {
        val (host, joiner) = wifiPair()
        host.use {
            joiner.use {
                val hostEvents = host.listen()
                val joinerEvents = joiner.listen()
                val offered = host.perform(GameAction.OfferDraw).done()
                assertEquals(DrawOfferView(Side.WHITE, false), offered.status.drawOffer)
                assertEquals(EventKind.DrawOffered(Side.WHITE), hostEvents.next().kind)
                assertEquals(EventKind.DrawOffered(Side.WHITE), joinerEvents.until { it is EventKind.DrawOffered }.kind)
                val view = joiner.view()
                assertEquals(Prompt.DrawOffered(Side.WHITE), view.prompt)
                assertEquals(DrawOfferView(Side.WHITE, true), view.status.drawOffer)
                assertTrue(GameAction.AcceptDraw in view.allActions())
                joiner.perform(GameAction.AcceptDraw)
                val over = hostEvents.until { it is EventKind.GameOver }
                assertEquals(EventKind.GameOver(GameEnd(GameResult.DRAW, EndReason.AGREEMENT)), over.kind)
            }
        }
    }
}
