package app.rokada.ui

import android.content.Context
import android.graphics.Typeface
import android.graphics.drawable.GradientDrawable
import android.util.TypedValue
import android.view.View
import android.widget.Button
import android.widget.LinearLayout
import android.widget.TextView

fun Context.dp(value: Int): Int =
    TypedValue.applyDimension(TypedValue.COMPLEX_UNIT_DIP, value.toFloat(), resources.displayMetrics).toInt()

fun Context.column(): LinearLayout = LinearLayout(this).apply {
    orientation = LinearLayout.VERTICAL
    setPadding(dp(16), dp(16), dp(16), dp(16))
}

fun Context.row(): LinearLayout = LinearLayout(this).apply { orientation = LinearLayout.HORIZONTAL }

/** A text in sp, so it follows the phone's font size. */
fun Context.text(value: CharSequence = "", sizeSp: Float = 16f, bold: Boolean = false): TextView =
    TextView(this).apply {
        text = value
        textSize = sizeSp
        if (bold) setTypeface(typeface, Typeface.BOLD)
        textAlignment = View.TEXT_ALIGNMENT_VIEW_START
    }

fun Context.button(label: CharSequence, onClick: () -> Unit): Button = Button(this).apply {
    text = label
    isAllCaps = false
    setOnClickListener { onClick() }
}

/** A rounded background of one colour. */
fun Context.rounded(color: Int, radiusDp: Int = 6): GradientDrawable = GradientDrawable().apply {
    setColor(color)
    cornerRadius = dp(radiusDp).toFloat()
}

fun wide(): LinearLayout.LayoutParams =
    LinearLayout.LayoutParams(LinearLayout.LayoutParams.MATCH_PARENT, LinearLayout.LayoutParams.WRAP_CONTENT)

/** Takes the rest of a row or column. */
fun weighted(vertical: Boolean): LinearLayout.LayoutParams = if (vertical) {
    LinearLayout.LayoutParams(LinearLayout.LayoutParams.MATCH_PARENT, 0, 1f)
} else {
    LinearLayout.LayoutParams(0, LinearLayout.LayoutParams.WRAP_CONTENT, 1f)
}

/** A text size from a dimension resource (in sp there, so it follows the font size). */
fun TextView.sizeFrom(dimen: Int) {
    setTextSize(android.util.TypedValue.COMPLEX_UNIT_PX, resources.getDimension(dimen))
}
