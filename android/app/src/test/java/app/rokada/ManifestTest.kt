package app.rokada

import android.app.Activity
import app.rokada.testing.ResourceStrings
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.w3c.dom.Element
import javax.xml.parsers.DocumentBuilderFactory

class ManifestTest {
    private val android = "http://schemas.android.com/apk/res/android"
    private val manifest = DocumentBuilderFactory.newInstance().apply { isNamespaceAware = true }
        .newDocumentBuilder()
        .parse(ResourceStrings.repoRoot().resolve("android/app/src/main/AndroidManifest.xml"))
        .documentElement

    private fun elements(tag: String): List<Element> {
        val nodes = manifest.getElementsByTagName(tag)
        return (0 until nodes.length).map { nodes.item(it) as Element }
    }

    @Test
    fun `exactly the permissions Wi-Fi play needs`() {
        assertEquals(
            setOf("android.permission.INTERNET", "android.permission.CHANGE_WIFI_MULTICAST_STATE"),
            elements("uses-permission").map { it.getAttributeNS(android, "name") }.toSet(),
        )
    }

    @Test
    fun `right-to-left layouts are supported`() {
        assertEquals("true", elements("application").single().getAttributeNS(android, "supportsRtl"))
    }

    @Test
    fun `every declared activity is an Activity of the app, and the home screen launches`() {
        val activities = elements("activity")
        val names = activities.map { "app.rokada" + it.getAttributeNS(android, "name") }
        assertEquals(
            listOf("Home", "Game", "Import", "Join", "Rules", "Settings").map { "app.rokada.ui.${it}Activity" },
            names,
        )
        for (name in names) {
            assertTrue(Activity::class.java.isAssignableFrom(Class.forName(name, false, javaClass.classLoader)), name)
        }
        val launcher = activities.single { "android.intent.action.MAIN" in actions(it) }
        assertEquals(".ui.HomeActivity", launcher.getAttributeNS(android, "name"))
    }

    @Test
    fun `PGN files and shared text open the import screen, and only it is reachable from outside`() {
        val activities = elements("activity")
        val import = activities.single { it.getAttributeNS(android, "name") == ".ui.ImportActivity" }
        assertEquals(setOf("android.intent.action.VIEW", "android.intent.action.SEND"), actions(import).toSet())
        val types = (0 until import.getElementsByTagName("data").length)
            .map { (import.getElementsByTagName("data").item(it) as Element).getAttributeNS(android, "mimeType") }
        assertTrue("application/x-chess-pgn" in types && "text/plain" in types, "$types")
        val patterns = (0 until import.getElementsByTagName("data").length)
            .map { (import.getElementsByTagName("data").item(it) as Element).getAttributeNS(android, "pathPattern") }
        // As written in the manifest: aapt reads "\\." as an escaped dot.
        assertTrue(""".*\\.pgn""" in patterns, "$patterns")
        val exported = activities.filter { it.getAttributeNS(android, "exported") == "true" }
            .map { it.getAttributeNS(android, "name") }
        assertEquals(listOf(".ui.HomeActivity", ".ui.ImportActivity"), exported)
    }

    private fun actions(activity: Element): List<String> {
        val nodes = activity.getElementsByTagName("action")
        return (0 until nodes.length).map { (nodes.item(it) as Element).getAttributeNS(android, "name") }
    }
}
