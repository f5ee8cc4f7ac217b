//! Log output to the platform's log: logcat on Android, the unified log on
//! iOS. Elsewhere the host program chooses its own logger.

use std::sync::Once;

/// Routes the core's `log` records to the platform log. Safe to call more
/// than once; apps call it at start-up.
#[uniffi::export]
pub fn init_logging() {
    static INIT: Once = Once::new();
    INIT.call_once(platform_logger);
}

#[cfg(target_os = "android")]
fn platform_logger() {
    android_logger::init_once(
        android_logger::Config::default()
            .with_max_level(log::LevelFilter::Info)
            .with_tag("rokada"),
    );
}

#[cfg(target_os = "ios")]
fn platform_logger() {
    // Another logger may already be installed by the host app; keep it.
    let _ = oslog::OsLogger::new("app.rokada.core")
        .level_filter(log::LevelFilter::Info)
        .init();
}

#[cfg(not(any(target_os = "android", target_os = "ios")))]
fn platform_logger() {}
