//! Finding each other on the network: the host announces `_rokada._tcp`
//! with mDNS, `join` without an address looks for it.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use mdns_sd::{ServiceDaemon, ServiceEvent, ServiceInfo};
use rokada_core::net::SERVICE_TYPE;
use rokada_core::net::message::PROTOCOL_VERSION;
use serde_json::json;

use super::Output;

/// How long `join` looks for hosts on the network.
const DISCOVERY_TIME: Duration = Duration::from_secs(4);

/// Announces the host on the local network; `None` (with a note) if mDNS is
/// unavailable, since the address can always be typed instead.
pub(super) fn advertise(port: u16, out: &Output) -> Option<ServiceDaemon> {
    let advertised = (|| {
        let daemon = ServiceDaemon::new().ok()?;
        let id = rokada_core::net::crypto::random_bytes::<2>();
        let name = format!("Rokada {:02x}{:02x}", id[0], id[1]);
        let host = format!("rokada-{:02x}{:02x}.local.", id[0], id[1]);
        let version = PROTOCOL_VERSION.to_string();
        let info = ServiceInfo::new(
            &format!("{SERVICE_TYPE}.local."),
            &name,
            &host,
            "",
            port,
            &[("protocol", version.as_str())][..],
        )
        .ok()?
        .enable_addr_auto();
        daemon.register(info).ok()?;
        Some(daemon)
    })();
    if advertised.is_none() {
        out.emit(json!({"event": "mdns_unavailable"}), |text| {
            text.text("terminal.wifi.mdns_unavailable").to_owned()
        });
    }
    advertised
}

/// Looks for hosts for a few seconds and takes the first one found.
pub(super) fn discover(out: &Output) -> Option<SocketAddr> {
    let daemon = ServiceDaemon::new().ok()?;
    let service_type = format!("{SERVICE_TYPE}.local.");
    let events = daemon.browse(&service_type).ok()?;
    out.emit(json!({"event": "searching"}), |text| {
        text.text("wifi.searching").to_owned()
    });
    let deadline = Instant::now() + DISCOVERY_TIME;
    let mut found = None;
    while found.is_none() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        if let Ok(ServiceEvent::ServiceResolved(service)) = events.recv_timeout(left) {
            let port = service.get_port();
            let ip = service.get_addresses_v4().into_iter().next();
            if let Some(ip) = ip {
                let addr = SocketAddr::from((ip, port));
                let full = service.get_fullname();
                // People know a host by its instance name ("Rokada 3f0a").
                let name = full
                    .strip_suffix(&service_type)
                    .and_then(|n| n.strip_suffix('.'))
                    .unwrap_or(full);
                out.emit(
                    json!({"event": "discovered", "name": full, "address": addr.to_string()}),
                    |text| {
                        text.format(
                            "terminal.wifi.found",
                            &[("name", &name), ("address", &addr)],
                        )
                    },
                );
                found = Some(addr);
            }
        }
    }
    let _ = daemon.shutdown();
    found
}
