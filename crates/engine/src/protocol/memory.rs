//! How much memory the machine can give a hash table, so that a legal `USI_Hash` the machine
//! cannot hold is refused with an error instead of getting the process killed: Linux hands out
//! address space freely (overcommit) and kills the process only when the table is zeroed.

/// The memory a new allocation can take without swapping, in MiB: `MemAvailable` of
/// `/proc/meminfo`, lowered to what the control group's `memory.max` still allows (a container,
/// a Slurm job). `None` where neither can be read (not Linux): then only the allocator decides.
pub fn available_mib() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
    let host = meminfo
        .as_deref()
        .and_then(mem_available_kib)
        .map(|k| k / 1024);
    let group = cgroup_room_mib();
    match (host, group) {
        (Some(h), Some(g)) => Some(h.min(g)),
        (h, g) => h.or(g),
    }
}

/// `MemAvailable` from the text of `/proc/meminfo`, in KiB.
fn mem_available_kib(meminfo: &str) -> Option<usize> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `memory.max − memory.current` of this process's cgroup (v2), in MiB, when it has a limit.
fn cgroup_room_mib() -> Option<usize> {
    let read = |name: &str| std::fs::read_to_string(format!("/sys/fs/cgroup/{name}")).ok();
    let max: usize = read("memory.max")?.trim().parse().ok()?;
    let current: usize = read("memory.current")?.trim().parse().ok()?;
    Some(max.saturating_sub(current) >> 20)
}

/// Whether a table of `mib` MiB fits in `available` MiB: it may take at most seven eighths of
/// it (the rest is for the search's own memory, the other processes and the page cache).
/// The error says what is available; `None` (unknown) always fits.
pub fn check_table(mib: usize, available: Option<usize>) -> Result<(), String> {
    match available {
        Some(room) if mib > room / 8 * 7 => Err(format!(
            "{mib} MiB does not fit in the memory available ({room} MiB free, a table may \
             take {} MiB)",
            room / 8 * 7
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mem_available() {
        let text = "MemTotal:       24683584 kB\nMemFree:        21506612 kB\n\
                    MemAvailable:   23193432 kB\nBuffers: 1 kB\n";
        assert_eq!(mem_available_kib(text), Some(23193432));
        assert_eq!(mem_available_kib("MemTotal: 5 kB\n"), None);
    }

    #[test]
    fn a_table_takes_at_most_seven_eighths() {
        assert!(check_table(65536, Some(22649)).is_err());
        assert!(check_table(16384, Some(16384)).is_err());
        assert!(check_table(14336, Some(16384)).is_ok());
        assert!(check_table(65536, None).is_ok());
        let e = check_table(65536, Some(22649)).unwrap_err();
        assert!(e.contains("22649 MiB free"), "{e}");
    }

    #[test]
    fn this_machine_has_some_memory() {
        if cfg!(target_os = "linux") {
            assert!(available_mib().is_some_and(|m| m > 0));
        }
    }
}
