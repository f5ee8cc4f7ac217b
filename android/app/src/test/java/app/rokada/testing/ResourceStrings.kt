package app.rokada.testing

import app.rokada.R
import app.rokada.text.Strings
import org.w3c.dom.Element
import java.io.File
import java.util.Locale
import javax.xml.parsers.DocumentBuilderFactory

/** The app's generated `strings.xml` of one language, read the way Android would resolve it. */
class ResourceStrings(private val language: String) : Strings {
    private val strings = HashMap<String, String>()
    private val plurals = HashMap<String, Map<String, String>>()
    private val locale = Locale.forLanguageTag(language)

    init {
        val folder = if (language == "en") "values" else "values-$language"
        val document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(File(resDir(), "$folder/strings.xml"))
        val root = document.documentElement
        val children = root.childNodes
        for (i in 0 until children.length) {
            val node = children.item(i) as? Element ?: continue
            val name = node.getAttribute("name")
            when (node.tagName) {
                "string" -> strings[name] = unescape(node.textContent)
                "plurals" -> {
                    val items = node.getElementsByTagName("item")
                    plurals[name] = (0 until items.length).associate { j ->
                        val item = items.item(j) as Element
                        item.getAttribute("quantity") to unescape(item.textContent)
                    }
                }
            }
        }
    }

    override fun get(id: Int, vararg args: Any): String {
        val name = nameOf(R.string::class.java, id)
        val template = strings[name] ?: error("no string $name in $language")
        return String.format(locale, template, *args)
    }

    override fun plural(id: Int, count: Int, vararg args: Any): String {
        val name = nameOf(R.plurals::class.java, id)
        val forms = plurals[name] ?: error("no plurals $name in $language")
        val template = forms[category(count)] ?: forms.getValue("other")
        return String.format(locale, template, *args)
    }

    /** CLDR plural categories of the app's languages, for whole numbers. */
    private fun category(n: Int): String = when (language) {
        "pl" -> when {
            n == 1 -> "one"
            n % 10 in 2..4 && n % 100 !in 12..14 -> "few"
            else -> "many"
        }
        "he", "iw" -> when (n) {
            1 -> "one"
            2 -> "two"
            else -> "other"
        }
        else -> if (n == 1) "one" else "other"
    }

    private fun unescape(text: String) = text.replace("\\'", "'").replace("\\\"", "\"")

    companion object {
        fun resDir(): File = repoRoot().resolve("android/app/src/main/res")

        fun repoRoot(): File {
            var dir: File? = File(System.getProperty("user.dir")).absoluteFile
            while (dir != null) {
                if (File(dir, "android/app/src/main/res").isDirectory) return dir
                dir = dir.parentFile
            }
            error("no repository root above ${System.getProperty("user.dir")}")
        }

        private fun nameOf(type: Class<*>, id: Int): String =
            type.fields.first { it.type == Int::class.javaPrimitiveType && it.getInt(null) == id }.name
    }
}
