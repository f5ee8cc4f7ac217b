package app.rokada.store

import java.io.File
import java.io.FileOutputStream
import java.io.IOException

/**
 * The saved game, one file. A save writes a temporary file, forces it to
 * the disk and renames it over the old one: the rename is atomic, so a
 * crash or a killed process leaves either the old save or the new one,
 * never half of one.
 */
class SessionStore(private val dir: File) {
    private val file = File(dir, FILE_NAME)
    private val temp = File(dir, "$FILE_NAME.tmp")

    fun hasSave(): Boolean = file.isFile

    @Throws(IOException::class)
    fun save(text: String) {
        dir.mkdirs()
        FileOutputStream(temp).use { out ->
            out.write(text.toByteArray(Charsets.UTF_8))
            out.fd.sync()
        }
        if (!temp.renameTo(file)) {
            temp.delete()
            throw IOException("cannot replace $file")
        }
    }

    /** The saved text, or null when there is none. */
    @Throws(IOException::class)
    fun load(): String? = if (file.isFile) file.readText(Charsets.UTF_8) else null

    fun clear() {
        file.delete()
        temp.delete()
    }

    private companion object {
        const val FILE_NAME = "session.rokada"
    }
}
