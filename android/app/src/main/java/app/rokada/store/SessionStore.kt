package app.rokada.store

import java.io.File
import java.io.FileOutputStream
import java.io.IOException

/** Which kind of game a save holds: it decides how the game comes back. */
enum class SaveKind(val fileName: String) {
    /** One phone or against the computer: restored as it was. */
    LOCAL("session.rokada"),

    /** Over Wi-Fi: hosted again from the save, for the other phone to rejoin. */
    WIFI("session-wifi.rokada"),
}

data class Saved(val text: String, val kind: SaveKind)

/**
 * The saved game, one file. A save writes a temporary file, forces it to
 * the disk and renames it over the old one: the rename is atomic, so a
 * crash or a killed process leaves either the old save or the new one,
 * never half of one.
 */
class SessionStore(private val dir: File) {
    private fun file(kind: SaveKind) = File(dir, kind.fileName)

    private fun temp(kind: SaveKind) = File(dir, kind.fileName + ".tmp")

    fun hasSave(): Boolean = SaveKind.entries.any { file(it).isFile }

    /** Replaces the save, of whichever kind it was. */
    @Throws(IOException::class)
    fun save(text: String, kind: SaveKind = SaveKind.LOCAL) {
        dir.mkdirs()
        val temp = temp(kind)
        FileOutputStream(temp).use { out ->
            out.write(text.toByteArray(Charsets.UTF_8))
            out.fd.sync()
        }
        if (!temp.renameTo(file(kind))) {
            temp.delete()
            throw IOException("cannot replace ${file(kind)}")
        }
        for (other in SaveKind.entries) if (other != kind) file(other).delete()
    }

    /** The save, or null when there is none. */
    @Throws(IOException::class)
    fun load(): Saved? = SaveKind.entries.firstNotNullOfOrNull { kind ->
        file(kind).takeIf { it.isFile }?.let { Saved(it.readText(Charsets.UTF_8), kind) }
    }

    fun clear() {
        for (kind in SaveKind.entries) {
            file(kind).delete()
            temp(kind).delete()
        }
    }
}
