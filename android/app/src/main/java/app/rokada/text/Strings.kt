package app.rokada.text

/**
 * The app's localized strings by resource id (`R.string.*`, `R.plurals.*`).
 * On a phone these come from `Resources`; the JVM tests read the same
 * generated `strings.xml` files.
 */
interface Strings {
    fun get(id: Int, vararg args: Any): String

    fun plural(id: Int, count: Int, vararg args: Any): String
}
