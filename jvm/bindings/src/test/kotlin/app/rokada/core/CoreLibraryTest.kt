package app.rokada.core

import com.sun.jna.NativeLibrary
import java.io.File
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class CoreLibraryTest {
    @Test
    fun `core library is loaded from the configured folder`() {
        val configured = System.getProperty("jna.library.path")
        checkNotNull(configured) { "jna.library.path is not set" }
        val library = NativeLibrary.getInstance("rokada_core")
        assertEquals(File(configured).canonicalFile, library.file.canonicalFile.parentFile)
    }
}
