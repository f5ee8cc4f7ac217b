package app.rokada.screens.shots

import app.rokada.screens.harness.Device
import app.rokada.screens.harness.Look

/**
 * Which looks the screenshots are taken in, chosen by the system property
 * `rokada.screenshots`:
 *   smoke  English, light, phone: the normal test run checks every screen renders;
 *   docs   the set the README shows: English and Hebrew, light and dark,
 *          phone upright and tablet;
 *   all    five languages, light and dark, phone upright, phone turned, tablet.
 */
enum class Gallery(val languages: List<String>, val devices: List<Device>, val themes: List<Boolean>) {
    SMOKE(listOf("en"), listOf(Device.PHONE), listOf(false)),
    DOCS(listOf("en", "iw"), listOf(Device.PHONE, Device.TABLET), listOf(false, true)),
    ALL(listOf("en", "iw", "nb", "pl", "bg"), Device.entries, listOf(false, true)),
    ;

    /** At one pixel a dp (mdpi): the whole matrix stays small enough for the repository. */
    val looks: List<Look>
        get() = languages.flatMap { language ->
            themes.flatMap { dark -> devices.map { device -> Look(language, dark, device, density = "mdpi") } }
        }

    companion object {
        fun chosen(): Gallery {
            val name = System.getProperty("rokada.screenshots", "smoke")
            return entries.firstOrNull { it.name.equals(name, ignoreCase = true) }
                ?: error("rokada.screenshots=$name: expected one of ${entries.map { it.name.lowercase() }}")
        }
    }
}
