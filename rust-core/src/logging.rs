//! The core's log. Its records go to the platform's log (logcat on Android,
//! the unified log on iOS, standard error elsewhere) from the moment the
//! apps make their first game or store, without a call they must remember,
//! and the last few warnings stay at hand for a bug report.

use std::collections::VecDeque;
use std::sync::{Mutex, Once, PoisonError};

use log::{Level, LevelFilter, Log, Metadata, Record};

/// Warnings and errors kept for [`recent`].
const KEPT: usize = 32;

static INIT: Once = Once::new();
static RECENT: Mutex<VecDeque<String>> = Mutex::new(VecDeque::new());

/// Routes the core's records to the platform's log; only the first call
/// does anything. A host program that installed its own logger first keeps
/// it.
pub fn ensure() {
    INIT.call_once(|| {
        let logger = CoreLogger {
            platform: platform_log(),
        };
        if log::set_boxed_logger(Box::new(logger)).is_ok() {
            log::set_max_level(LevelFilter::Info);
        }
    });
}

/// The last warnings and errors the core logged, oldest first, one line
/// each (for an app's "report a problem").
pub fn recent() -> Vec<String> {
    RECENT
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .cloned()
        .collect()
}

struct CoreLogger {
    platform: Box<dyn Log>,
}

impl Log for CoreLogger {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.level() <= Level::Info
    }

    fn log(&self, record: &Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        if record.level() <= Level::Warn {
            let mut recent = RECENT.lock().unwrap_or_else(PoisonError::into_inner);
            if recent.len() == KEPT {
                recent.pop_front();
            }
            recent.push_back(format!(
                "{} {}: {}",
                record.level(),
                record.target(),
                record.args()
            ));
        }
        self.platform.log(record);
    }

    fn flush(&self) {
        self.platform.flush();
    }
}

#[cfg(target_os = "android")]
fn platform_log() -> Box<dyn Log> {
    Box::new(android_logger::AndroidLogger::new(
        android_logger::Config::default()
            .with_max_level(LevelFilter::Info)
            .with_tag("rokada"),
    ))
}

#[cfg(target_os = "ios")]
fn platform_log() -> Box<dyn Log> {
    Box::new(oslog::OsLogger::new("app.rokada.core").level_filter(LevelFilter::Info))
}

#[cfg(not(any(target_os = "android", target_os = "ios")))]
fn platform_log() -> Box<dyn Log> {
    struct Stderr;
    impl Log for Stderr {
        fn enabled(&self, _: &Metadata<'_>) -> bool {
            true
        }
        fn log(&self, record: &Record<'_>) {
            eprintln!(
                "rokada {} {}: {}",
                record.level(),
                record.target(),
                record.args()
            );
        }
        fn flush(&self) {}
    }
    Box::new(Stderr)
}
