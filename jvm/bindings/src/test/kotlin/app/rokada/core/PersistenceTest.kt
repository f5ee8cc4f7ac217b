package app.rokada.core

import java.nio.file.Path
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir

class PersistenceTest {
    @Test
    fun `a game saved mid-game goes on the same after restoring`() {
        sharedPhoneGame().use { original ->
            original.playAll("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3")
            // Knights out and back twice: the repetition history, which the
            // save keeps, makes a threefold claim.
            original.playAll("Nc6", "Ndb5", "Nb8", "Nd4", "Nc6", "Ndb5", "Nb8", "Nd4")
            val save = original.save()

            Game.restore(save).use { restored ->
                assertEquals(original.view().drawn(), restored.view().drawn())
                assertEquals(listOf(DrawClaim.THREEFOLD_REPETITION), restored.view().status.claimable)

                for (game in listOf(original, restored)) game.playAll("e5", "Nf5", "Bxf5", "exf5")
                assertEquals(original.view().drawn(), restored.view().drawn())
                assertEquals(original.save(), restored.save())
            }
        }
    }

    @Test
    fun `a timed game restores its clocks`() {
        sharedPhoneGame(timeControl = timeControl(300_000, 2_000)).use { game ->
            game.playAll("e4", "e5")
            val clock = requireNotNull(game.clock())
            Game.restore(game.save()).use { restored ->
                val restoredClock = requireNotNull(restored.clock())
                assertEquals(clock.control, restoredClock.control)
                assertTrue(restoredClock.white.running)
                // Time moves on between the two reads; no more than the game has used.
                assertTrue(restoredClock.white.ms in 250_001uL..302_000uL, "$restoredClock")
                assertEquals(clock.black, restoredClock.black)
            }
        }
    }

    @Test
    fun `PGN goes out and comes back in`() {
        val pgn = sharedPhoneGame().use { game ->
            game.playAll("f3", "e5", "g4", "Qh4#")
            game.pgn()
        }
        assertTrue(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), pgn)
        assertTrue(pgn.contains("[Result \"0-1\"]"), pgn)

        Game.fromPgn(pgn, GameMode.SamePhone).use { game ->
            val view = game.view()
            assertEquals(listOf("f3", "e5", "g4", "Qh4#"), view.sans())
            assertEquals(GameEnd(GameResult.BLACK_WINS, EndReason.CHECKMATE), view.status.end)
            assertEquals(Square.E1, view.board.checkedKing)
            assertEquals(pgn, game.pgn())
        }
    }

    @Test
    fun `a PGN from elsewhere with comments and variations can be played on`() {
        val pgn = """
            [Event "Casual"]
            [White "Morphy"]
            [Black "Duke and Count"]
            [Result "*"]

            1. e4 {open} e5 2. Nf3 d6 (2... Nc6 3. Bb5) 3. d4 Bg4 $2 *
        """.trimIndent()
        Game.fromPgn(pgn, GameMode.SamePhone).use { game ->
            assertEquals(listOf("e4", "e5", "Nf3", "d6", "d4", "Bg4"), game.view().sans())
            assertNull(game.view().status.end)
            assertEquals(PlayerLabel.Named("Morphy"), game.view().bottom.label)
            game.playText("dxe5")
            val out = game.pgn()
            assertTrue(out.contains("[White \"Morphy\"]"), out)
            assertTrue(out.contains("4. dxe5"), out)
        }
    }

    @Test
    fun `a file of several games is listed, and any one continued from any move`() {
        val file = "[White \"Ann\"]\n[Black \"Bo\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n" +
            "[White \"Cy\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 7 23\"]\n[SetUp \"1\"]\n\n23... Kf7 24. e4 *\n"
        val games = pgnGames(file)
        assertEquals(listOf(0u, 1u), games.map { it.index })
        assertEquals(listOf("Ann", "Cy"), games.map { it.white })
        assertEquals(listOf(4u, 2u), games.map { it.plies })
        Game.fromPgn(file, GameMode.SamePhone, 1u).use { game ->
            assertEquals(
                listOf(MoveRow(23u, null, MoveCell(1u, "Kf7")), MoveRow(24u, MoveCell(2u, "e4"), null)),
                game.view().moves,
            )
            game.showPly(1u)
            val view = game.perform(GameAction.ContinueFromHere).done()
            assertEquals(listOf("Kf7"), view.sans())
            game.playText("Kd2")
        }
        val broken = assertThrows<RokadaException.InvalidPgn> { Game.fromPgn("1. e4 e5 2. Qxf7 *", GameMode.SamePhone) }
        assertEquals(3u, broken.ply)
    }

    @Test
    fun `the save store keeps one game per way to play and asks before replacing`(@TempDir dir: Path) {
        SaveStore(dir.toString()).use { store ->
            assertEquals(emptyList<SavedGame>(), store.saved())
            assertNull(store.replacedBy(GameMode.SamePhone))
            sharedPhoneGame().use { game ->
                game.keepSaved(store)
                game.playAll("e4", "e5")
                awaitFiles(dir, "save") { store.saved().singleOrNull()?.plies == 2u }
            }
            val saved = store.saved().single()
            assertEquals(SaveSlot.SAME_PHONE, saved.slot)
            assertEquals(2u, saved.plies)
            assertNull(saved.end)
            assertEquals(saved, store.replacedBy(GameMode.SamePhone))
            assertNull(store.replacedBy(GameMode.Computer(Side.WHITE, 2u)), "another way to play has its own slot")

            val resumed = checkNotNull(store.resume(SaveSlot.SAME_PHONE))
            resumed.use { game ->
                assertEquals(listOf("e4", "e5"), game.view().sans())
                game.playText("Nf3")
                // A resumed game is kept saved.
                awaitFiles(dir, "save") { store.saved().single().plies == 3u }
                // Ended here, with its last save written: nothing is saved after the removal below.
                game.stop()
            }
            assertNull(store.resume(SaveSlot.COMPUTER))

            store.remove(SaveSlot.SAME_PHONE)
            assertEquals(emptyList<SavedGame>(), store.saved())
            store.remove(SaveSlot.SAME_PHONE)
        }
    }

    @Test
    fun `a damaged save is an error and can be set aside`(@TempDir dir: Path) {
        dir.resolve("computer.rokada").toFile().writeText("{ not a game")
        SaveStore(dir.toString()).use { store ->
            assertEquals(emptyList<SavedGame>(), store.saved())
            assertThrows<RokadaException.InvalidSave> { store.resume(SaveSlot.COMPUTER) }
            store.setAside(SaveSlot.COMPUTER)
            assertNull(store.resume(SaveSlot.COMPUTER))
            assertTrue(dir.toFile().list()!!.any { it.endsWith(".damaged") })
        }
    }
}
