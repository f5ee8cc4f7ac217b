package app.rokada.text

import android.content.res.Resources

/** The app's strings from its resources, in the language of the context they came from. */
class AndroidStrings(private val resources: Resources) : Strings {
    override fun get(id: Int, vararg args: Any): String = resources.getString(id, *args)

    override fun plural(id: Int, count: Int, vararg args: Any): String = resources.getQuantityString(id, count, *args)
}
