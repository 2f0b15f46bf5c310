package jab.harness.env;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import oshi.hardware.ComputerSystem;

/** What OSHI does not say: WSL, containers, hypervisors, libc, disk rotation, the git commit. */
final class LinuxFacts {
    private LinuxFacts() {
    }

    static String hostName() {
        String h = System.getenv("HOSTNAME");
        if (h == null || h.isBlank()) {
            try {
                h = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                h = "localhost";
            }
        }
        return h;
    }

    static Optional<String> prettyOsName() {
        for (String line : lines(Paths.get("/etc/os-release"))) {
            if (line.startsWith("PRETTY_NAME=")) {
                return Optional.of(line.substring("PRETTY_NAME=".length()).replace("\"", ""));
            }
        }
        return Optional.empty();
    }

    static boolean isWsl() {
        if (System.getenv("WSL_DISTRO_NAME") != null) {
            return true;
        }
        return read(Paths.get("/proc/version")).toLowerCase(Locale.ROOT).contains("microsoft");
    }

    static Optional<String> container() {
        if (Files.exists(Paths.get("/.dockerenv"))) {
            return Optional.of("docker");
        }
        if (Files.exists(Paths.get("/run/.containerenv"))) {
            return Optional.of("podman");
        }
        String env = System.getenv("container");
        if (env != null && !env.isBlank()) {
            return Optional.of(env);
        }
        String cgroup = read(Paths.get("/proc/1/cgroup"));
        for (String k : new String[] {"kubepods", "docker", "containerd", "lxc"}) {
            if (cgroup.contains(k)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    static Optional<String> virtualization(ComputerSystem cs) {
        String detected = run("systemd-detect-virt", "--vm");
        if (!detected.isBlank() && !detected.equals("none")) {
            return Optional.of(detected);
        }
        String maker = (cs.getManufacturer() + " " + cs.getModel()).toLowerCase(Locale.ROOT);
        for (String k : new String[] {"kvm", "qemu", "vmware", "virtualbox", "xen", "hyper-v", "amazon ec2", "google compute"}) {
            if (maker.contains(k)) {
                return Optional.of(k);
            }
        }
        if (read(Paths.get("/proc/cpuinfo")).contains(" hypervisor")) {
            return Optional.of("hypervisor (cpu flag)");
        }
        return Optional.empty();
    }

    static Optional<Double> cpuMhz() {
        for (String line : lines(Paths.get("/proc/cpuinfo"))) {
            if (line.startsWith("cpu MHz")) {
                try {
                    return Optional.of(Double.parseDouble(line.substring(line.indexOf(':') + 1).trim()));
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /** {name, version}: glibc 2.36, musl 1.2.4, or the OS's C library elsewhere. */
    static String[] libc() {
        String glibc = run("getconf", "GNU_LIBC_VERSION");
        if (glibc.startsWith("glibc ")) {
            return new String[] {"glibc", glibc.substring(6).trim()};
        }
        String ldd = run("ldd", "--version");
        if (ldd.toLowerCase(Locale.ROOT).contains("musl")) {
            for (String l : ldd.split("\\R")) {
                if (l.startsWith("Version")) {
                    return new String[] {"musl", l.substring(l.indexOf(' ') + 1).trim()};
                }
            }
            return new String[] {"musl", "unknown"};
        }
        String os = System.getProperty("os.name");
        return new String[] {os.startsWith("Mac") ? "libSystem" : os.startsWith("Windows") ? "msvcrt/ucrt" : "unknown",
            System.getProperty("os.version")};
    }

    /** SSD, HDD or unknown, from the kernel's rotational flag; virtual disks often claim rotational. */
    static String diskType(String deviceName) {
        String dev = deviceName.replace("/dev/", "");
        String rot = read(Paths.get("/sys/block", dev, "queue/rotational")).trim();
        switch (rot) {
            case "0":
                return "SSD";
            case "1":
                return dev.startsWith("vd") || dev.startsWith("xvd") ? "virtual disk (reports rotational)" : "HDD";
            default:
                return "unknown";
        }
    }

    static Optional<String> gitCommit(Path repo) {
        String out = run("git", "-C", repo.toString(), "rev-parse", "--short=12", "HEAD");
        if (out.isBlank() || out.contains("fatal") || out.contains("not a git")) {
            return Optional.empty();
        }
        String dirty = run("git", "-C", repo.toString(), "status", "--porcelain", "--untracked-files=no");
        return Optional.of(out.trim() + (dirty.isBlank() ? "" : "-dirty"));
    }

    private static String run(String... cmd) {
        try {
            Result r = Subprocess.of(cmd).mergeStderrIntoStdout().timeout(Duration.ofSeconds(10)).run();
            return r.ok() ? r.stdout().trim() : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
