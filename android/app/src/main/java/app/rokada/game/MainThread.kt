package app.rokada.game

import android.os.Handler
import android.os.Looper
import java.util.concurrent.Executor

/** Runs tasks on the UI thread, in the order they were posted. */
object MainThread : Executor {
    private val handler = Handler(Looper.getMainLooper())

    override fun execute(command: Runnable) {
        handler.post(command)
    }
}
