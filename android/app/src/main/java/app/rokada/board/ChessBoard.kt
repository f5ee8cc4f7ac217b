package app.rokada.board

import android.content.Context
import android.graphics.Canvas
import android.graphics.Rect
import android.os.Bundle
import android.view.MotionEvent
import android.view.View
import android.view.ViewConfiguration
import android.view.accessibility.AccessibilityEvent
import android.view.accessibility.AccessibilityManager
import android.view.accessibility.AccessibilityNodeInfo
import android.view.accessibility.AccessibilityNodeProvider
import app.rokada.R
import app.rokada.core.BoardColors
import app.rokada.core.BoardTheme
import app.rokada.core.Square
import app.rokada.core.Touched
import app.rokada.core.boardColors
import app.rokada.text.SquareDescriptions

/**
 * The board: paints the display list computed by [BoardLayout] and passes
 * touches to the core through [BoardTouch]. For screen readers every square
 * is a virtual view that says what stands on it; activating one taps it, so
 * a move is played by activating its square and then the destination.
 */
class ChessBoard(context: Context, private val descriptions: SquareDescriptions) : View(context) {
    /** What to draw; the game screen sets it after every change. */
    var scene: BoardScene = BoardScene(List(BoardScene.SQUARES) { null })
        set(value) {
            field = value
            rebuild()
            sendAccessibilityEvent(AccessibilityEvent.TYPE_WINDOW_CONTENT_CHANGED)
        }

    /** The colour theme's paints, from the core. */
    var colors: BoardColors = boardColors(BoardTheme.WOOD)
        set(value) {
            field = value
            layout = BoardLayout(layout.size, value, resources.displayMetrics.density)
            rebuild()
        }

    /** Where touches go; null for a board that only shows (the rules diagrams). */
    var input: BoardInputTarget? = null
        set(value) {
            field = value
            touch = value?.let { BoardTouch(it, ViewConfiguration.get(context).scaledTouchSlop.toFloat()) }
        }

    /** Told the core's answer to every touch. */
    var onTouched: ((Touched) -> Unit)? = null

    private var touch: BoardTouch? = null
    private var layout = BoardLayout(0f, colors, resources.displayMetrics.density)
    private var items: List<DisplayItem> = emptyList()
    private val pieces = PieceDrawables(context)
    private val painter = BoardPainter { pieces[it] }
    private val nodes = SquareNodes()
    private var focusedSquare = NO_SQUARE
    private var hoveredSquare = NO_SQUARE

    init {
        contentDescription = context.getString(R.string.a11y_board)
        // A chessboard reads the same in every language: never mirrored right to left.
        layoutDirection = LAYOUT_DIRECTION_LTR
        importantForAccessibility = IMPORTANT_FOR_ACCESSIBILITY_YES
    }

    /** The largest side the board may take, in pixels (the game screen leaves room for the rest). */
    var maxSize: Int = Int.MAX_VALUE
        set(value) {
            if (field != value) {
                field = value
                // Set while the parent measures: the cached measurement must not be reused.
                forceLayout()
            }
        }

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val width = MeasureSpec.getSize(widthMeasureSpec)
        val height = MeasureSpec.getSize(heightMeasureSpec)
        val size = when {
            MeasureSpec.getMode(heightMeasureSpec) == MeasureSpec.UNSPECIFIED -> width
            MeasureSpec.getMode(widthMeasureSpec) == MeasureSpec.UNSPECIFIED -> height
            else -> minOf(width, height)
        }
        val side = minOf(size, maxSize)
        setMeasuredDimension(side, side)
    }

    override fun onSizeChanged(w: Int, h: Int, oldw: Int, oldh: Int) {
        layout = BoardLayout(minOf(w, h).toFloat(), colors, resources.displayMetrics.density)
        rebuild()
    }

    override fun onDraw(canvas: Canvas) {
        painter.paint(canvas, items)
    }

    override fun onTouchEvent(event: MotionEvent): Boolean {
        val touch = touch ?: return false
        val result = when (event.actionMasked) {
            MotionEvent.ACTION_DOWN -> {
                parent?.requestDisallowInterceptTouchEvent(true)
                touch.down(layout, scene, event.x, event.y)
                null
            }
            MotionEvent.ACTION_MOVE -> touch.move(scene, event.x, event.y)
            MotionEvent.ACTION_UP -> touch.up(layout, scene, event.x, event.y).also { performClick() }
            MotionEvent.ACTION_CANCEL -> {
                touch.cancel()
                null
            }
            else -> null
        }
        rebuild()
        result?.let { answered(it) }
        return true
    }

    override fun performClick(): Boolean = super.performClick()

    override fun getAccessibilityNodeProvider(): AccessibilityNodeProvider = nodes

    override fun dispatchHoverEvent(event: MotionEvent): Boolean {
        val manager = context.getSystemService(Context.ACCESSIBILITY_SERVICE) as AccessibilityManager
        if (!manager.isTouchExplorationEnabled) return super.dispatchHoverEvent(event)
        val square = layout.squareAt(event.x, event.y, scene.flipped)?.ordinal ?: NO_SQUARE
        when (event.actionMasked) {
            MotionEvent.ACTION_HOVER_ENTER, MotionEvent.ACTION_HOVER_MOVE -> if (square != hoveredSquare) {
                val previous = hoveredSquare
                hoveredSquare = square
                if (square != NO_SQUARE) sendSquareEvent(square, AccessibilityEvent.TYPE_VIEW_HOVER_ENTER)
                if (previous != NO_SQUARE) sendSquareEvent(previous, AccessibilityEvent.TYPE_VIEW_HOVER_EXIT)
            }
            MotionEvent.ACTION_HOVER_EXIT -> {
                if (hoveredSquare != NO_SQUARE) sendSquareEvent(hoveredSquare, AccessibilityEvent.TYPE_VIEW_HOVER_EXIT)
                hoveredSquare = NO_SQUARE
            }
        }
        return true
    }

    /** Tells screen-reader users a move that was played. */
    fun announceMove(text: String) {
        @Suppress("DEPRECATION") // its replacements (panes, live regions) do not fit a one-off message
        announceForAccessibility(text)
    }

    private fun answered(touched: Touched) {
        onTouched?.invoke(touched)
    }

    private fun rebuild() {
        items = layout.displayList(scene.copy(drag = touch?.drag))
        invalidate()
    }

    private fun describe(square: Square): String = descriptions.square(
        square,
        scene.pieces[square.ordinal],
        selected = scene.selected == square,
        legalTarget = scene.hints.any { it.square == square },
    )

    private fun sendSquareEvent(virtualId: Int, type: Int) {
        val square = Square.entries[virtualId]
        @Suppress("DEPRECATION") // the constructor that replaces it needs API 30
        val event = AccessibilityEvent.obtain(type)
        event.packageName = context.packageName
        event.className = SQUARE_CLASS
        event.setSource(this, virtualId)
        event.contentDescription = describe(square)
        parent?.requestSendAccessibilityEvent(this, event)
    }

    private inner class SquareNodes : AccessibilityNodeProvider() {
        override fun createAccessibilityNodeInfo(virtualViewId: Int): AccessibilityNodeInfo? {
            if (virtualViewId == HOST_VIEW_ID) return hostNode()
            val square = Square.entries.getOrNull(virtualViewId) ?: return null
            @Suppress("DEPRECATION") // the constructor that replaces it needs API 30
            val info = AccessibilityNodeInfo.obtain(this@ChessBoard, virtualViewId)
            info.setParent(this@ChessBoard)
            info.packageName = context.packageName
            info.className = SQUARE_CLASS
            info.contentDescription = describe(square)
            val box = layout.boxOf(square, scene.flipped)
            val bounds = Rect(box.left.toInt(), box.top.toInt(), box.right.toInt(), box.bottom.toInt())
            @Suppress("DEPRECATION") // still read by TalkBack on the older versions minSdk covers
            info.setBoundsInParent(bounds)
            val origin = IntArray(2)
            getLocationOnScreen(origin)
            bounds.offset(origin[0], origin[1])
            info.setBoundsInScreen(bounds)
            info.isEnabled = true
            info.isVisibleToUser = true
            info.isFocusable = true
            info.isSelected = scene.selected == square
            info.isAccessibilityFocused = focusedSquare == virtualViewId
            if (focusedSquare == virtualViewId) {
                info.addAction(AccessibilityNodeInfo.AccessibilityAction.ACTION_CLEAR_ACCESSIBILITY_FOCUS)
            } else {
                info.addAction(AccessibilityNodeInfo.AccessibilityAction.ACTION_ACCESSIBILITY_FOCUS)
            }
            if (input != null) {
                info.isClickable = true
                info.addAction(AccessibilityNodeInfo.AccessibilityAction.ACTION_CLICK)
            }
            return info
        }

        private fun hostNode(): AccessibilityNodeInfo {
            @Suppress("DEPRECATION") // the constructor that replaces it needs API 30
            val info = AccessibilityNodeInfo.obtain(this@ChessBoard)
            onInitializeAccessibilityNodeInfo(info)
            for (square in Square.entries) info.addChild(this@ChessBoard, square.ordinal)
            return info
        }

        override fun performAction(virtualViewId: Int, action: Int, arguments: Bundle?): Boolean {
            if (virtualViewId == HOST_VIEW_ID) return performAccessibilityAction(action, arguments)
            val square = Square.entries.getOrNull(virtualViewId) ?: return false
            return when (action) {
                AccessibilityNodeInfo.ACTION_ACCESSIBILITY_FOCUS -> {
                    if (focusedSquare == virtualViewId) return false
                    focusedSquare = virtualViewId
                    sendSquareEvent(virtualViewId, AccessibilityEvent.TYPE_VIEW_ACCESSIBILITY_FOCUSED)
                    true
                }
                AccessibilityNodeInfo.ACTION_CLEAR_ACCESSIBILITY_FOCUS -> {
                    if (focusedSquare != virtualViewId) return false
                    focusedSquare = NO_SQUARE
                    sendSquareEvent(virtualViewId, AccessibilityEvent.TYPE_VIEW_ACCESSIBILITY_FOCUS_CLEARED)
                    true
                }
                AccessibilityNodeInfo.ACTION_CLICK -> {
                    val target = input ?: return false
                    answered(target.tap(square))
                    sendSquareEvent(virtualViewId, AccessibilityEvent.TYPE_VIEW_CLICKED)
                    true
                }
                else -> false
            }
        }
    }

    private companion object {
        const val NO_SQUARE = -1
        const val SQUARE_CLASS = "android.widget.Button"
    }
}
