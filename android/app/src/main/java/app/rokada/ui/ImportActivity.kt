package app.rokada.ui

import android.app.AlertDialog
import android.content.Intent
import android.net.Uri
import android.os.Bundle
import android.widget.ArrayAdapter
import android.widget.LinearLayout
import android.widget.ListView
import app.rokada.R
import app.rokada.core.Game
import app.rokada.core.GameMode
import app.rokada.core.PgnErrorKind
import app.rokada.core.PgnGameInfo
import app.rokada.core.RokadaException
import app.rokada.core.SaveSlot
import app.rokada.core.pgnGames
import app.rokada.game.CurrentGame
import app.rokada.text.GameTexts
import app.rokada.text.notation
import java.io.ByteArrayOutputStream
import java.io.IOException
import java.io.InputStream

/**
 * Opening a game from PGN: a file chosen with the document picker, a
 * `.pgn` file opened from another app, or text shared to Rokada. The core
 * reads the file; a file of several games lets the player pick one. The
 * game opens at its final position, to be browsed and played on from any
 * move (Continue from this position). A file the core refuses is told with
 * its error, naming the half-move, and nothing is replaced.
 */
class ImportActivity : RokadaActivity() {
    private var pgn: String? = null

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        title = getString(R.string.android_title_import)
        pgn = savedInstanceState?.getString(KEY_PGN)
        val text = pgn
        when {
            text != null -> read(text)
            intent.action == Intent.ACTION_SEND -> received(intent)
            intent.action == Intent.ACTION_VIEW -> intent.data?.let { open(it) } ?: finish()
            savedInstanceState == null -> pick()
        }
    }

    override fun onSaveInstanceState(outState: Bundle) {
        super.onSaveInstanceState(outState)
        // A file's text, kept across a turn of the phone while a game is picked.
        pgn?.takeIf { it.length <= MAX_KEPT_CHARS }?.let { outState.putString(KEY_PGN, it) }
    }

    private fun pick() {
        val picker = Intent(Intent.ACTION_OPEN_DOCUMENT)
            .addCategory(Intent.CATEGORY_OPENABLE)
            .setType("*/*")
            .putExtra(Intent.EXTRA_MIME_TYPES, PGN_TYPES)
        @Suppress("DEPRECATION") // the Activity Result API is AndroidX's
        startActivityForResult(picker, PICK)
    }

    @Deprecated("The Activity Result API is AndroidX's; the app uses the framework alone.")
    override fun onActivityResult(requestCode: Int, resultCode: Int, data: Intent?) {
        @Suppress("DEPRECATION")
        super.onActivityResult(requestCode, resultCode, data)
        val uri = data?.data
        if (requestCode != PICK || resultCode != RESULT_OK || uri == null) return finish()
        open(uri)
    }

    private fun received(intent: Intent) {
        intent.getStringExtra(Intent.EXTRA_TEXT)?.let { return read(it) }
        @Suppress("DEPRECATION") // the typed getParcelableExtra needs API 33
        val stream = intent.getParcelableExtra<Uri>(Intent.EXTRA_STREAM)
        if (stream != null) open(stream) else finish()
    }

    private fun open(uri: Uri) {
        val text = try {
            contentResolver.openInputStream(uri)?.use { input ->
                val bytes = input.readAtMost(MAX_BYTES + 1)
                if (bytes.size > MAX_BYTES) return refused(getString(R.string.android_pgn_too_large))
                bytes.toString(Charsets.UTF_8)
            }
        } catch (_: IOException) {
            null
        } catch (_: SecurityException) {
            null
        }
        if (text == null) refused(getString(R.string.android_pgn_cannot_read)) else read(text)
    }

    private fun read(text: String) {
        pgn = text
        val games = try {
            pgnGames(text)
        } catch (error: RokadaException.InvalidPgn) {
            return refused(problem(error))
        }
        if (games.size == 1) return choose(text, games.single())
        val texts = GameTexts(strings)
        val list = ListView(this).apply {
            adapter = ArrayAdapter(this@ImportActivity, android.R.layout.simple_list_item_1, games.map { describe(it, texts) })
            setOnItemClickListener { _, _, position, _ -> choose(text, games[position]) }
        }
        title = getString(R.string.android_pgn_choose)
        setContentView(column().apply { addView(list, LinearLayout.LayoutParams(LinearLayout.LayoutParams.MATCH_PARENT, 0, 1f)) })
    }

    private fun describe(game: PgnGameInfo, texts: GameTexts): String {
        val unknown = getString(R.string.android_pgn_unknown_player)
        return listOfNotNull(
            "${game.white ?: unknown} – ${game.black ?: unknown}",
            game.event,
            game.date?.let(::notation),
            game.result?.let(::notation),
            texts.halfMoves(game.plies),
        ).joinToString(" · ")
    }

    /** Plays the file's game through the core; only a game it accepts may replace the saved one. */
    private fun choose(text: String, game: PgnGameInfo) {
        val opened = try {
            Game.fromPgn(text, GameMode.SamePhone, game.index)
        } catch (error: RokadaException.InvalidPgn) {
            return refused(problem(error))
        }
        NewGames.ask(
            this,
            GameMode.SamePhone,
            go = {
                CurrentGame.adopt(this, opened)
                GameActivity.open(this, SaveSlot.SAME_PHONE)
                finish()
            },
            declined = {
                opened.close()
                finish()
            },
        )
    }

    /** The core's error in words: what is wrong, and at which half-move. */
    private fun problem(error: RokadaException.InvalidPgn): String {
        val what = getString(
            when (error.kind) {
                PgnErrorKind.UNTERMINATED_COMMENT -> R.string.android_pgn_unterminated_comment
                PgnErrorKind.UNTERMINATED_VARIATION -> R.string.android_pgn_unterminated_variation
                PgnErrorKind.UNMATCHED_PARENTHESIS -> R.string.android_pgn_unmatched_parenthesis
                PgnErrorKind.BAD_TAG -> R.string.android_pgn_bad_tag
                PgnErrorKind.UNEXPECTED_TOKEN -> R.string.android_pgn_unexpected_token
                PgnErrorKind.ILLEGAL_MOVE -> R.string.android_pgn_illegal_move
                PgnErrorKind.MOVE_AFTER_END -> R.string.android_pgn_move_after_end
                PgnErrorKind.BAD_FEN -> R.string.android_pgn_bad_fen
                PgnErrorKind.NO_GAME -> R.string.android_pgn_no_game
            },
        )
        val at = if (error.ply > 0u && error.text.isNotEmpty()) {
            getString(R.string.android_pgn_at_move, error.ply.toInt(), error.text)
        } else {
            null
        }
        return listOfNotNull(what, at, getString(R.string.android_pgn_nothing_changed)).joinToString("\n")
    }

    private fun refused(message: String) {
        AlertDialog.Builder(this)
            .setTitle(R.string.error_bad_pgn)
            .setMessage(message)
            .setPositiveButton(R.string.common_ok, null)
            .setOnDismissListener { finish() }
            .show()
    }

    /** Up to [limit] bytes of the stream, without holding more than that. */
    private fun InputStream.readAtMost(limit: Int): ByteArray {
        val out = ByteArrayOutputStream()
        val buffer = ByteArray(BUFFER)
        while (out.size() < limit) {
            val read = read(buffer, 0, minOf(buffer.size, limit - out.size()))
            if (read < 0) break
            out.write(buffer, 0, read)
        }
        return out.toByteArray()
    }

    private companion object {
        const val PICK = 1
        const val BUFFER = 8192
        const val KEY_PGN = "pgn"

        /** A PGN file of many games stays well under this; anything larger is not one. */
        const val MAX_BYTES = 8 * 1024 * 1024

        /** What fits in the saved state of a screen (its limit is about 1 MB for the whole app). */
        const val MAX_KEPT_CHARS = 200_000
        val PGN_TYPES = arrayOf("application/x-chess-pgn", "application/vnd.chess-pgn", "text/plain", "application/octet-stream")
    }
}
