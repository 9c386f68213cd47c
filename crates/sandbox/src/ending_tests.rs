//! Tests of `runner`.

use super::*;
use std::time::Duration;

fn result(status: i32, cpu_ms: u64, memory: u64, killed: Kill, oom: bool) -> ProcResult {
    ProcResult {
        status: Some(status),
        cpu: Duration::from_millis(cpu_ms),
        memory,
        wall: Duration::from_millis(cpu_ms),
        killed,
        oom,
        exact: true,
        address_space: None,
        error: None,
        stderr: Vec::new(),
    }
}

#[test]
fn classification_prefers_measurements_in_a_fixed_order() {
    let l = RunLimits::new(Duration::from_millis(500), 256 << 20, 1 << 20);
    let tle = End::TimedOut {
        wall: false,
        limit: l.cpu,
    };
    assert_eq!(classify(&result(9, 600, 0, Kill::Wall, false), 0, &l), tle);
    assert_eq!(classify(&result(9, 100, 0, Kill::Cpu, false), 0, &l), tle);
    assert_eq!(
        classify(&result(9, 100, 0, Kill::Wall, false), 0, &l),
        End::TimedOut {
            wall: true,
            limit: l.wall
        }
    );
    let mle = End::MemoryExceeded { limit: l.memory };
    assert_eq!(classify(&result(9, 100, 100, Kill::None, true), 0, &l), mle);
    assert_eq!(
        classify(&result(11, 100, 300 << 20, Kill::None, false), 0, &l),
        mle
    );
    assert_eq!(
        classify(&result(0, 100, 0, Kill::None, false), 2 << 20, &l),
        End::OutputExceeded {
            limit: l.output,
            size: 2 << 20
        }
    );
    assert!(matches!(
        classify(&result(libc::SIGXFSZ, 100, 0, Kill::None, false), 0, &l),
        End::OutputExceeded { .. }
    ));
    assert_eq!(
        classify(&result(11, 100, 0, Kill::None, false), 0, &l),
        End::Signaled(11)
    );
    assert_eq!(
        classify(&result(3 << 8, 100, 0, Kill::None, false), 0, &l),
        End::Exited(3)
    );
    // Failing with the peak at the cap is MLE (a JVM's OutOfMemoryError
    // under the cgroup); succeeding there, or failing below it, is not.
    assert_eq!(
        classify(&result(1 << 8, 100, 256 << 20, Kill::None, false), 0, &l),
        mle
    );
    assert_eq!(
        classify(&result(0, 100, 256 << 20, Kill::None, false), 0, &l),
        End::Exited(0)
    );
    assert_eq!(
        classify(
            &result(1 << 8, 100, (256 << 20) - 1, Kill::None, false),
            0,
            &l
        ),
        End::Exited(1)
    );
    let mut broken = result(0, 0, 0, Kill::None, false);
    broken.error = Some("could not exec".into());
    assert_eq!(
        classify(&broken, 0, &l),
        End::CouldNotRun("could not exec".into())
    );
}
