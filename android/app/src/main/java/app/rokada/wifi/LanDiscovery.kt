package app.rokada.wifi

import android.content.Context
import android.net.nsd.NsdManager
import android.net.nsd.NsdServiceInfo
import android.net.wifi.WifiManager
import java.util.concurrent.Executor
import java.util.concurrent.atomic.AtomicBoolean

/**
 * Advertising and finding Rokada games on the local network with
 * NsdManager (DNS-SD over multicast DNS). The core connects by host and
 * port; this only tells the player which hosts there are. Callbacks come
 * on NsdManager's thread and are passed on through [main].
 *
 * A registration or a discovery is always stopped, in whatever state it
 * is: NsdManager takes the stop after a start whose callback has not come
 * yet, and only one that failed (its listener already dropped) needs none.
 */
class LanDiscovery(context: Context, private val main: Executor) {
    private val nsd = context.getSystemService(Context.NSD_SERVICE) as NsdManager
    private val wifi = context.applicationContext.getSystemService(Context.WIFI_SERVICE) as WifiManager

    fun interface Stoppable {
        fun stop()
    }

    /** Makes a hosted game visible as `name` until stopped. */
    fun advertise(name: String, port: Int): Stoppable {
        val info = NsdServiceInfo().apply {
            serviceName = name
            serviceType = SERVICE_TYPE
            setPort(port)
        }
        val failed = AtomicBoolean(false)
        val listener = object : NsdManager.RegistrationListener {
            override fun onServiceRegistered(serviceInfo: NsdServiceInfo) = Unit

            override fun onRegistrationFailed(serviceInfo: NsdServiceInfo, errorCode: Int) {
                failed.set(true)
            }

            override fun onServiceUnregistered(serviceInfo: NsdServiceInfo) = Unit

            override fun onUnregistrationFailed(serviceInfo: NsdServiceInfo, errorCode: Int) = Unit
        }
        nsd.registerService(info, NsdManager.PROTOCOL_DNS_SD, listener)
        return once { if (!failed.get()) forgotten { nsd.unregisterService(listener) } }
    }

    /**
     * Lists the hosts on this network as they come and go, until stopped.
     * Some phones drop multicast packets to save power: a multicast lock
     * keeps them while the list is open.
     */
    fun browse(onHosts: (List<FoundHost>) -> Unit): Stoppable {
        val hosts = HostList()
        val failed = mutableSetOf<String>()
        var resolving = false
        var stopped = false
        val lock = wifi.createMulticastLock("rokada-discovery").apply {
            setReferenceCounted(false)
            acquire()
        }

        fun publish() {
            if (!stopped) onHosts(hosts.all)
        }

        lateinit var resolveNext: () -> Unit
        val resolver = object : NsdManager.ResolveListener {
            override fun onServiceResolved(serviceInfo: NsdServiceInfo) {
                @Suppress("DEPRECATION") // getHostAddresses() needs API 34
                val host = serviceInfo.host?.hostAddress
                main.execute {
                    resolving = false
                    if (host == null || !hosts.resolved(serviceInfo.serviceName, host, serviceInfo.port)) {
                        failed += serviceInfo.serviceName
                    }
                    publish()
                    resolveNext()
                }
            }

            override fun onResolveFailed(serviceInfo: NsdServiceInfo, errorCode: Int) {
                main.execute {
                    resolving = false
                    failed += serviceInfo.serviceName
                    resolveNext()
                }
            }
        }
        // Before API 34 NsdManager resolves one service at a time.
        resolveNext = {
            val next = hosts.unresolved.firstOrNull { it !in failed }
            if (!stopped && !resolving && next != null) {
                resolving = true
                val info = NsdServiceInfo().apply {
                    serviceName = next
                    serviceType = SERVICE_TYPE
                }
                @Suppress("DEPRECATION") // registerServiceInfoCallback() needs API 34
                nsd.resolveService(info, resolver)
            }
        }

        val failedToStart = AtomicBoolean(false)
        val discovery = object : NsdManager.DiscoveryListener {
            override fun onDiscoveryStarted(serviceType: String) = Unit

            override fun onServiceFound(serviceInfo: NsdServiceInfo) {
                main.execute {
                    if (hosts.found(serviceInfo.serviceName)) {
                        publish()
                        resolveNext()
                    }
                }
            }

            override fun onServiceLost(serviceInfo: NsdServiceInfo) {
                main.execute {
                    failed -= serviceInfo.serviceName
                    if (hosts.lost(serviceInfo.serviceName)) publish()
                }
            }

            override fun onDiscoveryStopped(serviceType: String) = Unit

            override fun onStartDiscoveryFailed(serviceType: String, errorCode: Int) {
                failedToStart.set(true)
            }

            override fun onStopDiscoveryFailed(serviceType: String, errorCode: Int) = Unit
        }
        nsd.discoverServices(SERVICE_TYPE, NsdManager.PROTOCOL_DNS_SD, discovery)
        return once {
            stopped = true
            if (!failedToStart.get()) forgotten { nsd.stopServiceDiscovery(discovery) }
            lock.release()
        }
    }

    /** Stops at most once, however often it is asked to. */
    private fun once(stop: () -> Unit): Stoppable {
        val done = AtomicBoolean(false)
        return Stoppable { if (!done.getAndSet(true)) stop() }
    }

    /**
     * NsdManager refuses a listener it has dropped: the start failed in the
     * moment before the stop, and there is nothing left to stop.
     */
    private inline fun forgotten(stop: () -> Unit) {
        try {
            stop()
        } catch (_: IllegalArgumentException) {
            // Already gone.
        }
    }
}
