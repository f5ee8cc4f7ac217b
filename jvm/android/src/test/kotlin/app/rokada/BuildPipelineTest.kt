package app.rokada

import android.view.View
import android.widget.TextView
import com.sun.jna.Library
import com.sun.jna.Native
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** Checks what the JVM build of the app provides: R, the framework API, native calls. */
class BuildPipelineTest {
    private interface LibC : Library {
        fun getpid(): Int
    }

    @Test
    fun `app resources live in the app package space, apart from the framework's`() {
        assertEquals(0x7f, R.string.app_name ushr 24)
        assertEquals(0x01, android.R.string.ok ushr 24)
    }

    @Test
    fun `framework classes are on the classpath`() {
        assertTrue(View::class.java.isAssignableFrom(TextView::class.java))
    }

    @Test
    fun `JNA calls native code on this host`() {
        val libc = Native.load("c", LibC::class.java)
        assertEquals(ProcessHandle.current().pid(), libc.getpid().toLong())
    }
}
