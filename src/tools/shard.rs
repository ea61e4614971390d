//! `--shard`: one of N disjoint parts of a long job (a match, data generation), so that the
//! batch systems people already run can spread it over machines: a Slurm job array, a
//! Kubernetes Indexed Job, GNU parallel. docs/distributed.md has ready scripts.
//!
//! A tool numbers its units of work 0, 1, 2, … (a match: its game pairs) and plays unit `u`
//! in shard `u mod N` ([`Shard::owns`]): every shard gets every N-th unit, so each part has
//! the same mix (encounters, openings) and the parts together are exactly the whole.
//!
//! Written `I/N` (1 ≤ I ≤ N, the I-th of N parts), or `auto` / `auto/N` to take the index from
//! the environment:
//! - Slurm job arrays: `SLURM_ARRAY_TASK_ID`, counted from `SLURM_ARRAY_TASK_MIN` in steps of
//!   `SLURM_ARRAY_TASK_STEP`, of `SLURM_ARRAY_TASK_COUNT` tasks;
//! - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX` (0-based); the count is not in the
//!   environment there, so it comes from `auto/N` or `LONGJIANG_SHARD_COUNT`.

use std::fmt;

/// One part of a job split N ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    /// 0-based index: 0 … count − 1.
    pub index: u32,
    /// How many parts (1 or more).
    pub count: u32,
}

impl Shard {
    /// The whole job as one part.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether unit `unit` (0-based) of the job belongs to this part.
    pub fn owns(self, unit: u64) -> bool {
        unit % u64::from(self.count) == u64::from(self.index)
    }

    /// Reads `I/N`, `auto` or `auto/N`; `auto` reads `env` (a lookup of environment
    /// variables, so that tests can give their own).
    pub fn parse_with(text: &str, env: impl Fn(&str) -> Option<String>) -> Result<Shard, String> {
        let text = text.trim();
        let (index, count) = match text.split_once('/') {
            Some((i, n)) => (i.trim(), Some(n.trim())),
            None => (text, None),
        };
        let number = |what: &str, s: &str| -> Result<u32, String> {
            s.parse::<u32>()
                .map_err(|_| format!("--shard {text}: {what} '{s}' is not a non-negative integer"))
        };
        let count = count.map(|n| number("the count", n)).transpose()?;
        if count == Some(0) {
            return Err(format!("--shard {text}: the count must be 1 or more"));
        }
        if index != "auto" {
            let Some(count) = count else {
                return Err(format!(
                    "--shard {text}: expected I/N (the I-th of N parts, 1 ≤ I ≤ N), auto or auto/N"
                ));
            };
            let i = number("the index", index)?;
            if !(1..=count).contains(&i) {
                return Err(format!("--shard {text}: the index must be in 1 … {count}"));
            }
            return Ok(Shard {
                index: i - 1,
                count,
            });
        }
        from_env(text, count, env)
    }

    /// [`Shard::parse_with`] on the process's environment.
    pub fn parse(text: &str) -> Result<Shard, String> {
        Shard::parse_with(text, |k| std::env::var(k).ok())
    }
}

/// `auto`: Slurm's array variables, else Kubernetes' `JOB_COMPLETION_INDEX`.
fn from_env(
    text: &str,
    count: Option<u32>,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Shard, String> {
    let read = |key: &str| -> Result<Option<u32>, String> {
        env(key)
            .map(|v| {
                v.trim().parse::<u32>().map_err(|_| {
                    format!("--shard {text}: {key}='{v}' is not a non-negative integer")
                })
            })
            .transpose()
    };
    let (index, env_count) = if let Some(id) = read("SLURM_ARRAY_TASK_ID")? {
        let min = read("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let step = read("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1).max(1);
        let offset = id.checked_sub(min).filter(|o| o % step == 0).ok_or_else(|| {
            format!("--shard {text}: SLURM_ARRAY_TASK_ID {id} is not in the array ({min}, step {step})")
        })?;
        (offset / step, read("SLURM_ARRAY_TASK_COUNT")?)
    } else if let Some(i) = read("JOB_COMPLETION_INDEX")? {
        (i, read("LONGJIANG_SHARD_COUNT")?)
    } else {
        return Err(format!(
            "--shard {text}: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set"
        ));
    };
    let count = count.or(env_count).ok_or_else(|| {
        format!(
            "--shard {text}: the number of parts is not known: write auto/N or set \
             LONGJIANG_SHARD_COUNT (SLURM_ARRAY_TASK_COUNT under Slurm)"
        )
    })?;
    if count == 0 || index >= count {
        return Err(format!(
            "--shard {text}: part {} of {count} does not exist",
            u64::from(index) + 1
        ));
    }
    Ok(Shard { index, count })
}

impl fmt::Display for Shard {
    /// `I/N`, 1-based, as the option is written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone())
    }

    #[test]
    fn explicit_parts() {
        let none = env(&[]);
        assert_eq!(
            Shard::parse_with("2/4", &none),
            Ok(Shard { index: 1, count: 4 })
        );
        assert_eq!(Shard::parse_with("1/1", &none), Ok(Shard::WHOLE));
        assert_eq!(Shard::parse_with("2/4", &none).unwrap().to_string(), "2/4");
        for bad in ["0/4", "5/4", "1/0", "x/2", "3", "-1/2", "auto"] {
            assert!(Shard::parse_with(bad, &none).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_parts_are_disjoint_and_cover_the_whole() {
        let parts: Vec<Shard> = (0..3).map(|index| Shard { index, count: 3 }).collect();
        for unit in 0..100 {
            assert_eq!(parts.iter().filter(|s| s.owns(unit)).count(), 1);
        }
    }

    #[test]
    fn from_slurm_and_kubernetes() {
        let slurm = env(&[
            ("SLURM_ARRAY_TASK_ID", "7"),
            ("SLURM_ARRAY_TASK_MIN", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        assert_eq!(
            Shard::parse_with("auto", &slurm),
            Ok(Shard { index: 2, count: 4 })
        );
        let stepped = env(&[
            ("SLURM_ARRAY_TASK_ID", "4"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ]);
        assert_eq!(
            Shard::parse_with("auto", &stepped),
            Ok(Shard { index: 2, count: 3 })
        );
        let k8s = env(&[("JOB_COMPLETION_INDEX", "0")]);
        assert_eq!(
            Shard::parse_with("auto/5", &k8s),
            Ok(Shard { index: 0, count: 5 })
        );
        assert!(
            Shard::parse_with("auto", &k8s)
                .unwrap_err()
                .contains("LONGJIANG_SHARD_COUNT")
        );
        let k8s_env = env(&[
            ("JOB_COMPLETION_INDEX", "4"),
            ("LONGJIANG_SHARD_COUNT", "5"),
        ]);
        assert_eq!(
            Shard::parse_with("auto", &k8s_env),
            Ok(Shard { index: 4, count: 5 })
        );
        assert!(
            Shard::parse_with("auto/4", &k8s_env).is_err(),
            "index 4 of 4"
        );
        assert!(Shard::parse_with("auto", env(&[])).is_err());
    }
}
