package app.rokada.store

import app.rokada.core.Game
import app.rokada.testing.newGame
import app.rokada.testing.playAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.nio.file.Files

class SessionStoreTest {
    @TempDir
    lateinit var dir: File

    @Test
    fun `a saved game comes back the same`() {
        val store = SessionStore(File(dir, "games"))
        assertFalse(store.hasSave())
        assertNull(store.load())
        val game = newGame()
        game.playAll("e4", "c5", "Nf3")
        store.save(game.save())
        assertTrue(store.hasSave())
        val saved = store.load()!!
        assertEquals(SaveKind.LOCAL, saved.kind)
        val restored = Game.restore(saved.text)
        assertEquals(game.state().fen, restored.state().fen)
        assertEquals(listOf("e4", "c5", "Nf3"), restored.state().moves)
    }

    @Test
    fun `a new save replaces the old one and leaves no temporary file`() {
        val store = SessionStore(dir)
        store.save("first")
        store.save("second")
        assertEquals(Saved("second", SaveKind.LOCAL), store.load())
        assertEquals(listOf("session.rokada"), dir.list()!!.toList())
    }

    @Test
    fun `a save that cannot be written keeps the old one`() {
        val store = SessionStore(dir)
        store.save("kept")
        // A folder where the temporary file would go makes the write fail.
        Files.createDirectory(File(dir, "session.rokada.tmp").toPath())
        val failed = runCatching { store.save("lost") }
        assertTrue(failed.isFailure)
        assertEquals("kept", store.load()?.text)
    }

    @Test
    fun `a save of the other kind replaces it`() {
        val store = SessionStore(dir)
        store.save("one phone")
        store.save("over Wi-Fi", SaveKind.WIFI)
        assertEquals(Saved("over Wi-Fi", SaveKind.WIFI), store.load())
        assertEquals(listOf("session-wifi.rokada"), dir.list()!!.toList())
    }

    @Test
    fun `clear removes the save`() {
        val store = SessionStore(dir)
        store.save("x")
        store.clear()
        assertFalse(store.hasSave())
    }
}
