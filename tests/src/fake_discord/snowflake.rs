//! Deterministic Discord ids: every fake hands out the same ids in the same order, so a failing
//! test can be rerun and read against the same numbers.

use std::sync::atomic::{AtomicU64, Ordering};

/// Discord's epoch, 2015-01-01T00:00:00Z, in Unix milliseconds.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// The first id's time, 2025-07-01T00:00:00Z: recent enough to look like a real id.
const FIRST_ID_MS: u64 = 1_751_328_000_000;

/// Hands out snowflakes one millisecond apart, so that ids sort in creation order and each
/// decodes to a distinct, plausible creation time.
#[derive(Debug, Default)]
pub struct Snowflakes {
    issued: AtomicU64,
}

impl Snowflakes {
    pub fn next(&self) -> u64 {
        let n = self.issued.fetch_add(1, Ordering::Relaxed);
        snowflake_at(FIRST_ID_MS + n, n)
    }
}

/// A snowflake created at `unix_ms`, with `sequence` in its increment bits.
pub fn snowflake_at(unix_ms: u64, sequence: u64) -> u64 {
    ((unix_ms - DISCORD_EPOCH_MS) << 22) | (sequence & 0xfff)
}

/// The creation time a snowflake carries, as the RFC 3339 text Discord sends in `timestamp`.
pub fn timestamp_of(id: u64) -> String {
    rfc3339((id >> 22) + DISCORD_EPOCH_MS)
}

/// Unix milliseconds as `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`, Discord's format.
pub fn rfc3339(unix_ms: u64) -> String {
    let days = unix_ms / 86_400_000;
    let ms_of_day = unix_ms % 86_400_000;
    let (y, m, d) = civil_from_days(days as i64);
    let (h, min, s, ms) = (
        ms_of_day / 3_600_000,
        ms_of_day / 60_000 % 60,
        ms_of_day / 1000 % 60,
        ms_of_day % 1000,
    );
    format!("{y:04}-{m:02}-{d:02}T{h:02}:{min:02}:{s:02}.{ms:03}000+00:00")
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm), so the
/// fake needs no date library.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_increase_and_decode_to_their_creation_time() {
        let ids = Snowflakes::default();
        let (a, b) = (ids.next(), ids.next());
        assert!(b > a);
        assert_eq!(timestamp_of(a), "2025-07-01T00:00:00.000000+00:00");
        assert_eq!(timestamp_of(b), "2025-07-01T00:00:00.001000+00:00");
        assert_eq!(Snowflakes::default().next(), a, "a new fake starts over");
    }

    #[test]
    fn dates_across_leap_days_and_year_ends() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000000+00:00");
        assert_eq!(rfc3339(951_782_400_000), "2000-02-29T00:00:00.000000+00:00");
        assert_eq!(
            rfc3339(1_735_689_599_999),
            "2024-12-31T23:59:59.999000+00:00"
        );
    }
}
