package app.rokada.screenshots

import app.rokada.R
import app.rokada.board.BoardLayout
import app.rokada.board.PieceGlyphs
import app.rokada.core.Game
import app.rokada.core.GameState
import app.rokada.core.Side
import app.rokada.game.ClockDisplay
import app.rokada.game.Promotion
import app.rokada.game.boardScene
import app.rokada.game.capturedGlyphs
import app.rokada.settings.Settings
import app.rokada.testing.ResourceStrings
import app.rokada.text.GameTexts
import java.awt.Color
import java.awt.Font
import java.awt.Graphics2D
import java.awt.RenderingHints
import java.awt.font.TextAttribute
import java.awt.font.TextLayout
import java.awt.geom.RoundRectangle2D
import java.awt.image.BufferedImage
import java.text.AttributedString

/**
 * Draws the game screen as the app lays it out, from the same pieces the app
 * uses: the board's display list, the texts chosen from the core's state, the
 * clock faces, the menu from `state().actions` and the promotion choices.
 * Right-to-left languages mirror everything but the board.
 */
class GameScreenRenderer(language: String, private val fontName: String) {
    private val strings = ResourceStrings(language)
    private val texts = GameTexts(strings)
    private val rtl = language == "iw" || language == "he"
    private val boardPainter = AwtBoardPainter(fontName)

    enum class Align { START, END }

    /** The screen, with the game menu opened or the promotion dialog up when asked. */
    fun render(game: Game, menuOpen: Boolean = false, flippedByHand: Boolean = false): BufferedImage {
        val state = game.state()
        val image = BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_ARGB)
        val g = image.createGraphics()
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON)
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON)
        g.color = Color(0xFAFAFA)
        g.fillRect(0, 0, WIDTH, HEIGHT)

        g.color = Color(0x37474F)
        g.fillRect(0, 0, WIDTH, APP_BAR)
        text(g, strings.get(R.string.game_menu_title), 30f, true, Color.WHITE, 24f, WIDTH - 80f, 62f, Align.START)
        text(g, "\u22EE", 36f, true, Color.WHITE, 24f, WIDTH - 24f, 64f, Align.END)

        val scene = boardScene(state, game.board(), Settings(), flippedByHand)
        val topSide = if (scene.flipped) Side.WHITE else Side.BLACK
        playerBar(g, state, topSide, APP_BAR.toFloat())
        val boardTop = APP_BAR + BAR
        val layout = BoardLayout(WIDTH.toFloat())
        val atBoard = g.create() as Graphics2D
        atBoard.translate(0, boardTop)
        boardPainter.paint(atBoard, layout.displayList(scene))
        atBoard.dispose()
        val below = (boardTop + WIDTH).toFloat()
        playerBar(g, state, if (topSide == Side.WHITE) Side.BLACK else Side.WHITE, below)

        text(g, texts.status(state), 28f, true, Color(0x202020), 24f, WIDTH - 24f, below + BAR + 48f, Align.START)
        var y = below + BAR + 96f
        for (line in wrap(g, texts.moveRows(state.moves), 24f, WIDTH - 48f)) {
            text(g, line, 24f, false, Color(0x404040), 24f, WIDTH - 24f, y, Align.START)
            y += 34f
        }
        if (menuOpen) menu(g, state)
        state.pendingPromotion?.let { promotionDialog(g, state.turn) }
        g.dispose()
        return image
    }

    private fun playerBar(g: Graphics2D, state: GameState, side: Side, top: Float) {
        val baseline = top + 54f
        val name = strings.get(if (side == Side.WHITE) R.string.color_white else R.string.color_black)
        val nameWidth = text(g, name, 26f, true, Color(0x202020), 24f, WIDTH - 24f, baseline, Align.START)
        val glyphs = capturedGlyphs(state, side)
        text(g, glyphs, 30f, false, Color(0x303030), 40f + nameWidth, WIDTH - 40f - nameWidth, baseline, Align.START)
        state.clock?.let { clock ->
            val face = ClockDisplay.face(clock, side, 0)
            val color = if (face.running) Color(0x101010) else Color(0x909090)
            text(g, face.text, 34f, true, color, 24f, WIDTH - 24f, baseline + 2f, Align.END)
        }
    }

    private fun menu(g: Graphics2D, state: GameState) {
        val labels = state.actions.map { texts.action(it) }
        val width = 470f
        val left = if (rtl) 8f else WIDTH - width - 8f
        val height = labels.size * MENU_ROW + 16f
        panel(g, left, 8f, width, height)
        labels.forEachIndexed { index, label ->
            val baseline = 8f + 52f + index * MENU_ROW
            text(g, label, 26f, false, INK, left + 28f, left + width - 28f, baseline, Align.START)
        }
    }

    private fun promotionDialog(g: Graphics2D, mover: Side) {
        val width = 560f
        val left = (WIDTH - width) / 2
        val top = 420f
        val choices = Promotion.choices(mover)
        panel(g, left, top, width, 110f + choices.size * 84f)
        val title = strings.get(R.string.promotion_title)
        text(g, title, 30f, true, INK, left + 32f, left + width - 32f, top + 64f, Align.START)
        choices.forEachIndexed { index, choice ->
            val label = PieceGlyphs.symbol(choice.piece) + "  " + strings.get(choice.label)
            text(g, label, 40f, false, INK, left + 32f, left + width - 32f, top + 140f + index * 84f, Align.START)
        }
    }

    private fun panel(g: Graphics2D, left: Float, top: Float, width: Float, height: Float) {
        g.color = Color(0, 0, 0, 60)
        g.fill(RoundRectangle2D.Float(left + 4, top + 6, width, height, 16f, 16f))
        g.color = Color.WHITE
        g.fill(RoundRectangle2D.Float(left, top, width, height, 16f, 16f))
    }

    /**
     * Draws a line between `left` and `right` in the paragraph direction of the
     * language, at its start or end side; returns its width.
     */
    private fun text(
        g: Graphics2D,
        value: String,
        size: Float,
        bold: Boolean,
        color: Color,
        left: Float,
        right: Float,
        baseline: Float,
        align: Align,
    ): Float {
        if (value.isEmpty()) return 0f
        val layout = layout(g, value, size, bold)
        val width = layout.advance
        val atLeft = (align == Align.START) != rtl
        g.color = color
        layout.draw(g, if (atLeft) left else right - width, baseline)
        return width
    }

    private fun layout(g: Graphics2D, value: String, size: Float, bold: Boolean): TextLayout {
        val attributed = AttributedString(value)
        val font = Font(fontName, if (bold) Font.BOLD else Font.PLAIN, 1).deriveFont(size)
        attributed.addAttribute(TextAttribute.FONT, font)
        attributed.addAttribute(
            TextAttribute.RUN_DIRECTION,
            if (rtl) TextAttribute.RUN_DIRECTION_RTL else TextAttribute.RUN_DIRECTION_LTR,
        )
        return TextLayout(attributed.iterator, g.fontRenderContext)
    }

    private fun wrap(g: Graphics2D, rows: List<String>, size: Float, width: Float): List<String> {
        val lines = mutableListOf<String>()
        var line = ""
        for (row in rows) {
            val candidate = if (line.isEmpty()) row else "$line   $row"
            if (line.isNotEmpty() && layout(g, candidate, size, false).advance > width) {
                lines += line
                line = row
            } else {
                line = candidate
            }
        }
        if (line.isNotEmpty()) lines += line
        return lines
    }

    companion object {
        const val WIDTH = 720
        const val HEIGHT = 1280
        const val APP_BAR = 96
        const val BAR = 80
        const val MENU_ROW = 64f
        val INK = Color(0x202020)
    }
}
