package app.rokada.screens.harness

import java.io.Closeable
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import kotlin.concurrent.thread

/**
 * A TCP relay on 127.0.0.1 to a port of this machine, that a test can cut
 * like a network that drops: the connections going through are closed and
 * no new one is let through, so the phone behind it goes on reconnecting.
 */
class Relay(private val target: Int) : Closeable {
    private val server = ServerSocket(0, 8, InetAddress.getLoopbackAddress())
    private val open = java.util.concurrent.CopyOnWriteArrayList<Socket>()

    @Volatile
    private var cut = false

    val port: Int get() = server.localPort

    init {
        thread(name = "relay", isDaemon = true) {
            while (!server.isClosed) {
                val client = runCatching { server.accept() }.getOrNull() ?: break
                if (cut) {
                    client.close()
                    continue
                }
                val upstream = Socket(InetAddress.getLoopbackAddress(), target)
                open += client
                open += upstream
                pipe(client, upstream)
                pipe(upstream, client)
            }
        }
    }

    private fun pipe(from: Socket, to: Socket) = thread(name = "relay-pipe", isDaemon = true) {
        runCatching { from.getInputStream().copyTo(to.getOutputStream()) }
        runCatching { to.shutdownOutput() }
    }

    /** Drops every connection through the relay, and every later one. */
    fun cut() {
        cut = true
        open.forEach { runCatching { it.close() } }
    }

    override fun close() {
        cut()
        server.close()
    }
}
