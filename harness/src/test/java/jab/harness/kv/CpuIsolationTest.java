package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Reading the machine's cgroup mounts and CPU lists, and the words beside a capacity figure. */
class CpuIsolationTest {
    @Test
    void cgroupV1WithCpuAndCpuacctMountedApartIsUsedBeforeTheUnifiedMount() {
        List<String> mounts = List.of(
                "tmpfs /sys/fs/cgroup tmpfs rw,relatime,mode=755 0 0",
                "cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0",
                "cgroup /sys/fs/cgroup/cpuacct cgroup rw,relatime,cpuacct 0 0",
                "cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0",
                "cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0");
        assertThat(CpuCgroup.parseMounts(mounts)).contains(
                new CpuCgroup.Hierarchy(1, Path.of("/sys/fs/cgroup/cpu"), Path.of("/sys/fs/cgroup/cpuacct")));
    }

    @Test
    void cpuAndCpuacctMountedTogetherShareOneDirectory() {
        assertThat(CpuCgroup.parseMounts(List.of("cgroup /sys/fs/cgroup/cpu,cpuacct cgroup rw,nosuid,cpu,cpuacct 0 0")))
                .contains(new CpuCgroup.Hierarchy(1, Path.of("/sys/fs/cgroup/cpu,cpuacct"), Path.of("/sys/fs/cgroup/cpu,cpuacct")));
    }

    @Test
    void onlyCgroupV2IsThatHierarchyAndNoCgroupIsNone() {
        assertThat(CpuCgroup.parseMounts(List.of("cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid,nodev 0 0")))
                .contains(new CpuCgroup.Hierarchy(2, Path.of("/sys/fs/cgroup"), Path.of("/sys/fs/cgroup")));
        assertThat(CpuCgroup.parseMounts(List.of("proc /proc proc rw 0 0", "cgroup /sys/fs/cgroup/memory cgroup rw,memory 0 0")))
                .isEmpty();
    }

    @Test
    void cgroupV2UsageAndItsSplitAreCpuStatsFigures() {
        String stat = "usage_usec 123456\nuser_usec 100000\nsystem_usec 23456\nnr_periods 7\n";
        assertThat(CpuCgroup.statUsec(stat, "usage_usec")).isEqualTo(123456);
        assertThat(CpuCgroup.statUsec(stat, "user_usec")).isEqualTo(100000);
        assertThat(CpuCgroup.statUsec(stat, "system_usec")).isEqualTo(23456);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CpuCgroup.statUsec("nr_periods 7", "user_usec"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void onlyCgroupsNamedByAJabCarryAnOwner() {
        assertThat(CpuCgroup.ownerPid("jab-kv-4242-redis")).contains(4242L);
        assertThat(CpuCgroup.ownerPid("jab-kv-x-redis")).isEmpty();
        assertThat(CpuCgroup.ownerPid("user.slice")).isEmpty();
    }

    @Test
    void kernelCpuListsNameEveryCpu() {
        assertThat(CpuPinning.cpuList("0-1\n")).containsExactly(0, 1);
        assertThat(CpuPinning.cpuList("0,2-4,7")).containsExactly(0, 2, 3, 4, 7);
        assertThat(CpuPinning.cpuList("3")).containsExactly(3);
    }

    @Test
    void eachCapacityFigureSaysWhetherTheClientHadCpuToSpareInEveryRound() {
        assertThat(CapacityTable.figure(row(new double[] {0.40, 0.61, 0.55}, 150_000, 160_000, 155_000)))
                .isEqualTo("155,000 (client at most 61% of its CPU: spare)");
        assertThat(CapacityTable.figure(row(new double[] {0.40, 0.95, 0.55}, 100_000, 100_000, 100_000)))
                .contains("at most 95%", "busy");
        assertThat(CapacityTable.figure(row(null, 1, 2, 3))).isEqualTo("2 (client's CPU unknown)");
    }

    /** Where jab may make cgroups (root on Linux): a busy loop under a quota of a tenth of a CPU uses about that, and nothing is left. */
    @Test
    void aCappedProcessUsesAtMostItsQuotaAndItsCgroupIsRemoved() throws Exception {
        java.util.Optional<CpuCgroup.Hierarchy> h = CpuCgroup.find();
        org.junit.jupiter.api.Assumptions.assumeTrue(h.isPresent(), "no cgroup hierarchy this JVM may write");
        Path dir;
        try (CpuCgroup c = CpuCgroup.create(h.get(), "test", 0.1)) {
            dir = h.get().cpu().resolve(c.name);
            List<String> cmd = new java.util.ArrayList<>(c.wrap(List.of()));
            cmd.addAll(List.of("sh", "-c", "while :; do :; done"));
            Process busy = new ProcessBuilder(cmd).start();
            try {
                Thread.sleep(200); // the shell joins its cgroup, then spins
                long before = c.usageNanos();
                long start = System.nanoTime();
                Thread.sleep(1000);
                double share = (c.usageNanos() - before) / (double) (System.nanoTime() - start);
                assertThat(share).as("share of a CPU used under a 0.1 CPU quota").isBetween(0.03, 0.15);
                assertThat(c.split()).as("the kernel's user and system split").hasValueSatisfying(split ->
                        assertThat(split.userNanos()).as("a busy loop runs in user mode").isGreaterThan(split.systemNanos()));
            } finally {
                busy.destroyForcibly().waitFor();
            }
            assertThat(dir).isDirectory();
        }
        assertThat(dir).doesNotExist();
    }

    private static RedisBenchmarkDocument.Row row(double[] share, double... perCpuSecond) {
        double[] rps = {1, 2, 3};
        return new RedisBenchmarkDocument.Row("jab", "epoll", "jab", "GET", 1, 50, 100_000, rps, rps, rps, rps, null, null, "off", share,
                perCpuSecond, 0.5, null, null, null);
    }
}
