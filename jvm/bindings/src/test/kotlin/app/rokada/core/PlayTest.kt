package app.rokada.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class PlayTest {
    @Test
    fun `a tap selects and shows hints, a second tap plays, in one call each`() {
        sharedPhoneGame().use { game ->
            val selected = game.tap(Square.E2)
            assertEquals(TouchOutcome.Selected(Square.E2, listOf(Square.E3, Square.E4)), selected.outcome)
            assertEquals(Square.E2, selected.view.board.selected)
            assertEquals(listOf(Hint(Square.E3, false), Hint(Square.E4, false)), selected.view.board.hints)
            assertEquals(game.view(), selected.view)
            // Another own piece takes over the selection.
            assertEquals(
                TouchOutcome.Selected(Square.B1, listOf(Square.A3, Square.C3)),
                game.tap(Square.B1).outcome,
            )

            val played = game.tap(Square.C3)
            val outcome = played.outcome
            assertTrue(outcome is TouchOutcome.Played && outcome.played.san == "Nc3", "$outcome")
            played.view.board.let {
                assertNull(it.selected)
                assertEquals(emptyList<Hint>(), it.hints)
                assertEquals(SquarePair(Square.B1, Square.C3), it.lastMove)
                assertEquals(Piece(Side.WHITE, PieceKind.KNIGHT), it.pieces[Square.C3.ordinal])
                assertNull(it.pieces[Square.B1.ordinal])
            }
            assertEquals(Mover.Colour(Side.BLACK), played.view.status.mover)
            assertEquals(game.view(), played.view)
        }
    }

    @Test
    fun `a move returns the view after it, and the view only changes with the game`() {
        sharedPhoneGame().use { game ->
            val before = game.view()
            val played = game.play(Square.E2, Square.E4).played()
            assertEquals("e4", played.played.san)
            assertEquals(1u, played.played.number)
            assertEquals(MoveSound.MOVE, played.played.sound)
            assertTrue(played.view.revision > before.revision)
            assertEquals(game.view(), played.view)
            assertEquals(listOf(MoveRow(1u, MoveCell(1u, "e4"), null)), played.view.moves)
            assertEquals(played.view, game.view(), "reading changes nothing")
        }
    }

    @Test
    fun `a game from a FEN numbers its move rows from its own move number`() {
        sharedPhoneGame("4k3/8/8/8/8/8/4P3/4K3 b - - 7 23").use { game ->
            val first = game.playText("Kf7").played()
            assertEquals(23u, first.played.number)
            game.playAll("e4", "Ke6")
            assertEquals(
                listOf(
                    MoveRow(23u, null, MoveCell(1u, "Kf7")),
                    MoveRow(24u, MoveCell(2u, "e4"), MoveCell(3u, "Ke6")),
                ),
                game.view().moves,
            )
        }
    }

    @Test
    fun `each move names its one sound`() {
        fun sound(fen: String, move: String) = sharedPhoneGame(fen).use { it.playText(move).played().played.sound }
        assertEquals(MoveSound.MOVE, sound("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e4"))
        assertEquals(MoveSound.CAPTURE, sound("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5"))
        assertEquals(MoveSound.CASTLE, sound("r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1", "O-O"))
        assertEquals(MoveSound.CASTLE, sound("r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1", "O-O-O"))
        assertEquals(MoveSound.PROMOTION, sound("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=N"))
        // Check is the most telling: a promotion that checks sounds as a check.
        assertEquals(MoveSound.CHECK, sound("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q+"))
    }

    @Test
    fun `a promotion asks for the piece and then plays the choice`() {
        sharedPhoneGame("1n2k3/P7/8/8/8/8/p7/4K3 w - - 0 1").use { game ->
            assertEquals(MoveResult.NeedsPromotion(Square.A7, Square.B8), game.play(Square.A7, Square.B8))
            // Asking changed nothing.
            assertEquals(Piece(Side.WHITE, PieceKind.PAWN), game.pieceAt(Square.A7))
            assertEquals(Side.WHITE, game.view().status.turn)

            val played = game.play(Square.A7, Square.B8, PieceKind.QUEEN).played()
            assertEquals("axb8=Q+", played.played.san)
            assertEquals("a7b8q", played.played.uci)
            assertEquals(MoveSound.CHECK, played.played.sound)
            assertEquals(Piece(Side.WHITE, PieceKind.QUEEN), game.pieceAt(Square.B8))
            assertEquals(Square.E8, played.view.board.checkedKing)
            // A queen for White against Black's pawn on a2.
            assertEquals(Material(listOf(PieceKind.QUEEN), 8u), played.view.bottom.material)
        }
    }

    @Test
    fun `under-promotion through the promotion dialog`() {
        // The knight on a1 gives check to the king on c2, which a queen would not.
        sharedPhoneGame("4k3/8/8/8/8/8/p1K5/8 b - - 0 1").use { game ->
            val dropped = game.dropPiece(Square.A2, Square.A1)
            assertEquals(TouchOutcome.PromotionNeeded(Square.A2, Square.A1), dropped.outcome)
            assertEquals(Prompt.Promotion(Square.A2, Square.A1), dropped.view.prompt)
            assertTrue(!dropped.view.board.interactive, "the board waits for the answer")
            // Dismissing the dialog puts the pawn back, still selected.
            val cancelled = game.cancelPromotion()
            assertEquals(TouchOutcome.Selected(Square.A2, listOf(Square.A1)), cancelled.outcome)
            assertNull(cancelled.view.prompt)
            assertEquals(Piece(Side.BLACK, PieceKind.PAWN), game.pieceAt(Square.A2))

            assertEquals(TouchOutcome.PromotionNeeded(Square.A2, Square.A1), game.tap(Square.A1).outcome)
            val chosen = game.choosePromotion(PieceKind.KNIGHT)
            val outcome = chosen.outcome
            assertTrue(outcome is TouchOutcome.Played && outcome.played.san == "a1=N+", "$outcome")
            assertEquals(Piece(Side.BLACK, PieceKind.KNIGHT), game.pieceAt(Square.A1))
            assertEquals(Square.C2, chosen.view.board.checkedKing)
        }
    }

    @Test
    fun `an illegal drop is rejected and the piece stays`() {
        sharedPhoneGame().use { game ->
            assertTrue(game.dragStart(Square.E2).outcome is TouchOutcome.Selected)
            val rejected = game.dropPiece(Square.E2, Square.E5)
            assertEquals(TouchOutcome.Rejected(Square.E2, Square.E5, IllegalMoveReason.NOT_LEGAL), rejected.outcome)
            assertEquals(Piece(Side.WHITE, PieceKind.PAWN), rejected.view.board.pieces[Square.E2.ordinal])
            assertEquals(emptyList<MoveRow>(), rejected.view.moves)
        }
    }

    @Test
    fun `a king cannot be the promotion piece`() {
        sharedPhoneGame("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").use { game ->
            val refused = assertThrows<RokadaException.IllegalMove> { game.play(Square.A7, Square.A8, PieceKind.KING) }
            assertEquals(IllegalMoveReason.BAD_PROMOTION, refused.reason)
            assertEquals("a8=R+", game.playSquares(Square.A7, Square.A8, PieceKind.ROOK).san)
        }
    }

    @Test
    fun `the side to move resigns on a shared phone, after a confirmation`() {
        sharedPhoneGame().use { game ->
            game.playAll("e4", "e5")
            val resign = game.view().actions.bar.single { it.action == GameAction.Resign }
            assertTrue(resign.enabled && resign.confirm)
            // White is to move, so White resigns.
            game.perform(GameAction.Resign).done()
            assertOver(game, GameResult.BLACK_WINS, EndReason.RESIGNATION)
            assertTrue(game.pgn().contains("0-1"), game.pgn())
        }
    }

    @Test
    fun `undo and redo walk the move list`() {
        sharedPhoneGame().use { game ->
            game.playAll("d4", "d5", "c4")
            game.perform(GameAction.Undo)
            assertEquals(listOf("d4"), game.perform(GameAction.Undo).done().sans())
            assertEquals(listOf("d4", "d5"), game.perform(GameAction.Redo).done().sans())
            assertTrue(GameAction.Redo in game.view().allActions())
            // A new move drops what could have been redone.
            assertEquals(listOf("d4", "d5", "e4"), game.playText("e4").played().view.sans())
            assertTrue(GameAction.Redo !in game.view().allActions())
        }
    }

    @Test
    fun `browsing shows earlier positions and never changes the game`() {
        sharedPhoneGame().use { game ->
            game.playAll("e4", "e5", "Nf3")
            val live = game.view()
            val second = game.showPly(1u)
            assertEquals(BrowseState(3u, 1u, false), second.browse)
            assertNull(second.board.pieces[Square.E5.ordinal])
            assertEquals(SquarePair(Square.E2, Square.E4), second.board.lastMove)
            assertTrue(!second.board.interactive)
            assertEquals(BrowseState(3u, 2u, false), game.step(1).browse)
            assertEquals(BrowseState(3u, 0u, false), game.step(-5).browse)
            assertEquals(live.drawn(), game.showLive().drawn())
            assertEquals(live.board, game.step(1).board, "stepping past the end is the live game")
            assertEquals(listOf("e4", "e5", "Nf3"), game.view().sans())
        }
    }

    @Test
    fun `continuing from an earlier position drops the moves after it`() {
        sharedPhoneGame().use { game ->
            game.playAll("e4", "e5", "Nf3", "Nc6")
            val browsing = game.showPly(2u)
            val item = browsing.actions.menu.single { it.action == GameAction.ContinueFromHere }
            assertTrue(item.confirm)
            val view = game.perform(GameAction.ContinueFromHere).done()
            assertEquals(listOf("e4", "e5"), view.sans())
            assertTrue(view.browse.live && view.board.interactive)
            game.playText("d4")
        }
    }

    @Test
    fun `player bars name the players, and face to face turns the far one`() {
        Game(GameSetup(GameMode.Computer(Side.BLACK, 3u))).use { game ->
            val view = game.view()
            assertEquals(PlayerLabel.You, view.bottom.label)
            assertEquals(Side.BLACK, view.bottom.side)
            assertTrue(view.board.flipped)
            val computer = view.top.label
            assertTrue(computer is PlayerLabel.Computer && computer.level.toInt() == 3 && computer.rating > 0u)
        }
        sharedPhoneGame(timeControl = timeControl(300_000, 3_000)).use { game ->
            val view = game.setOptions(ViewOptions(Seating.FACE_TO_FACE, moveHints = false))
            assertEquals(PlayerLabel.Colour(Side.WHITE), view.bottom.label)
            assertTrue(view.top.rotated && !view.bottom.rotated)
            assertEquals(Side.BLACK, view.board.rotatedSide)
            assertEquals("5:00", view.top.clock?.text)
            assertEquals(emptyList<Hint>(), game.tap(Square.E2).view.board.hints, "hints are off")
        }
    }
}
