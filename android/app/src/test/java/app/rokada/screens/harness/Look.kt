package app.rokada.screens.harness

/** The kind of screen an activity is shown on, as resource qualifiers. */
enum class Device(val size: String, val orientation: String, val density: String) {
    /** A common phone held upright: 411 × 891 dp. */
    PHONE("w411dp-h891dp", "port", "hdpi"),
    PHONE_LANDSCAPE("w891dp-h411dp", "land", "hdpi"),

    /** A 7-inch tablet upright: 600 × 960 dp, the smallest width of the sw600dp resources. */
    TABLET("sw600dp-w600dp-h960dp", "port", "hdpi"),
}

/**
 * Language, theme and device of a screen: the phone's settings, as
 * Robolectric's resource qualifiers express them. `language` is a resource
 * language code: "en", "iw" (Hebrew), "nb", "pl", "bg".
 */
data class Look(
    val language: String = "en",
    val dark: Boolean = false,
    val device: Device = Device.PHONE,
    /** Pixels per dp, as a resource qualifier: the device's own unless a picture wants fewer. */
    val density: String = device.density,
) {
    val qualifiers: String
        get() = listOf(language, device.size, device.orientation, if (dark) "night" else "notnight", density)
            .joinToString("-")

    /** A short name for files: en-light-phone, iw-dark-tablet… */
    val slug: String
        get() = listOf(
            if (language == "iw") "he" else language,
            if (dark) "dark" else "light",
            device.name.lowercase().replace('_', '-'),
        ).joinToString("-")
}
