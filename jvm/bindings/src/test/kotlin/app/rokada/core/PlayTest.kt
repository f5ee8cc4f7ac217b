package app.rokada.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class PlayTest {
    @Test
    fun `hints come from taps and from legal destinations`() {
        sharedPhoneGame().use { game ->
            assertEquals(listOf(Square.F3, Square.H3), game.legalDestinations(Square.G1))
            assertEquals(emptyList<Square>(), game.legalDestinations(Square.E4))

            assertEquals(InputResult.Selected(Square.E2, listOf(Square.E3, Square.E4)), game.tap(Square.E2))
            game.state().let {
                assertEquals(Square.E2, it.selected)
                assertEquals(listOf(Square.E3, Square.E4), it.hints)
            }
            // Another own piece takes over the selection.
            assertEquals(InputResult.Selected(Square.B1, listOf(Square.A3, Square.C3)), game.tap(Square.B1))

            val played = game.tap(Square.C3)
            assertTrue(played is InputResult.Played && played.played.san == "Nc3", "$played")
            game.state().let {
                assertNull(it.selected)
                assertEquals(emptyList<Square>(), it.hints)
                assertEquals(SquarePair(Square.B1, Square.C3), it.lastMove)
                assertEquals(Side.BLACK, it.turn)
            }
            assertEquals(Piece(Side.WHITE, PieceKind.KNIGHT), game.pieceAt(Square.C3))
            assertNull(game.pieceAt(Square.B1))
        }
    }

    @Test
    fun `a promotion asks for the piece and then plays the choice`() {
        sharedPhoneGame("1n2k3/P7/8/8/8/8/p7/4K3 w - - 0 1").use { game ->
            assertEquals(MoveResult.NeedsPromotion(Square.A7, Square.B8), game.play(Square.A7, Square.B8))
            // Asking changed nothing.
            assertEquals(Piece(Side.WHITE, PieceKind.PAWN), game.pieceAt(Square.A7))
            assertEquals(Side.WHITE, game.state().turn)

            val played = game.playSquares(Square.A7, Square.B8, PieceKind.QUEEN)
            assertEquals("axb8=Q+", played.san)
            assertEquals("a7b8q", played.uci)
            assertEquals(Piece(Side.WHITE, PieceKind.QUEEN), game.pieceAt(Square.B8))
            game.state().let {
                assertEquals(Square.E8, it.checkedKing)
                assertEquals(listOf(PieceKind.KNIGHT), it.capturedByWhite)
            }
        }
    }

    @Test
    fun `under-promotion through the promotion dialog`() {
        // The knight on a1 gives check to the king on c2, which a queen would not.
        sharedPhoneGame("4k3/8/8/8/8/8/p1K5/8 b - - 0 1").use { game ->
            assertEquals(InputResult.PromotionNeeded(Square.A2, Square.A1), game.dropPiece(Square.A2, Square.A1))
            assertEquals(SquarePair(Square.A2, Square.A1), game.state().pendingPromotion)
            // Dismissing the dialog puts the pawn back, still selected.
            assertEquals(InputResult.Selected(Square.A2, listOf(Square.A1)), game.cancelPromotion())
            assertNull(game.state().pendingPromotion)
            assertEquals(Piece(Side.BLACK, PieceKind.PAWN), game.pieceAt(Square.A2))

            assertEquals(InputResult.PromotionNeeded(Square.A2, Square.A1), game.tap(Square.A1))
            val played = game.choosePromotion(PieceKind.KNIGHT)
            assertTrue(played is InputResult.Played && played.played.san == "a1=N+", "$played")
            assertEquals(Piece(Side.BLACK, PieceKind.KNIGHT), game.pieceAt(Square.A1))
            assertEquals(Square.C2, game.state().checkedKing)
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
    fun `the side to move resigns on a shared phone`() {
        sharedPhoneGame().use { game ->
            val events = game.listen()
            game.playAll("e4", "e5")
            assertTrue(GameAction.Resign in game.state().actions)
            game.resign()
            assertOver(game, GameResult.BLACK_WINS, EndReason.RESIGNATION)
            assertEquals(
                GameEvent.GameOver(GameEnd(GameResult.BLACK_WINS, EndReason.RESIGNATION)),
                events.drain().last().event,
            )
            assertTrue(game.pgn().contains("0-1"), game.pgn())
        }
    }

    @Test
    fun `undo and redo walk the move list`() {
        sharedPhoneGame().use { game ->
            game.playAll("d4", "d5", "c4")
            game.undo()
            game.undo()
            assertEquals(listOf("d4"), game.state().moves)
            game.redo()
            assertEquals(listOf("d4", "d5"), game.state().moves)
            assertTrue(GameAction.Redo in game.state().actions)
            // A new move drops what could have been redone.
            game.playText("e4")
            assertEquals(listOf("d4", "d5", "e4"), game.state().moves)
            assertTrue(GameAction.Redo !in game.state().actions)
        }
    }
}
