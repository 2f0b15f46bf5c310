package jab.harness.env;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.JabHome;
import jab.harness.jdk.Jdk;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.software.os.OperatingSystem;

/**
 * The machine a run measured: OS, kernel, virtualization, CPU, RAM, the storage and filesystem under
 * the benchmark directory, libc, JVMs, jab's version and commit. OSHI answers what it covers; the
 * rest ({@link LinuxFacts}) comes from /proc, /sys and small commands. Field names follow the flat,
 * queryable style of Conbench's machine_info and Renaissance's environment.
 */
public final class Fingerprint {
    private Fingerprint() {
    }

    public static ObjectNode collect(Path benchDir, List<Jdk> jdks, List<String> jvmArgs) {
        ObjectMapper m = new ObjectMapper();
        ObjectNode env = m.createObjectNode();
        ZonedDateTime now = ZonedDateTime.now();
        env.put("date", now.format(DateTimeFormatter.ISO_LOCAL_DATE));
        env.put("timestamp", now.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        env.put("host", LinuxFacts.hostName());

        SystemInfo si = new SystemInfo();
        HardwareAbstractionLayer hw = si.getHardware();
        OperatingSystem os = si.getOperatingSystem();

        ObjectNode o = env.putObject("os");
        o.put("name", LinuxFacts.prettyOsName().orElse(os.getFamily() + " " + os.getVersionInfo().getVersion()));
        o.put("family", os.getFamily());
        o.put("version", os.getVersionInfo().getVersion());
        o.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        o.put("kernelRelease", System.getProperty("os.version"));
        o.put("arch", System.getProperty("os.arch"));
        o.put("wsl", LinuxFacts.isWsl());
        o.put("container", LinuxFacts.container().orElse("none"));
        o.put("virtualization", LinuxFacts.virtualization(hw.getComputerSystem()).orElse("none detected"));

        CentralProcessor cpu = hw.getProcessor();
        ObjectNode c = env.putObject("cpu");
        c.put("model", cpu.getProcessorIdentifier().getName().trim());
        c.put("vendor", cpu.getProcessorIdentifier().getVendor());
        long base = cpu.getProcessorIdentifier().getVendorFreq();
        c.put("baseClockHz", base > 0 ? base : LinuxFacts.cpuMhz().map(mhz -> (long) (mhz * 1_000_000)).orElse(-1L));
        c.put("maxClockHz", cpu.getMaxFreq());
        c.put("physicalCores", cpu.getPhysicalProcessorCount());
        c.put("logicalThreads", cpu.getLogicalProcessorCount());

        ObjectNode mem = env.putObject("memory");
        mem.put("totalBytes", hw.getMemory().getTotal());
        mem.put("freePageReporting", GuestMemory.freePageReporting(Paths.get("/sys/bus/virtio/devices")).orElse("none"));
        mem.put("damon", GuestMemory.damon(Paths.get("/sys/kernel/mm/damon/admin/kdamonds")).orElse("none"));
        mem.put("transparentHugePages",
                GuestMemory.transparentHugePages(Paths.get("/sys/kernel/mm/transparent_hugepage/enabled")).orElse("unknown"));

        env.set("storage", Storage.describe(benchDir, hw, os, m));

        ObjectNode libc = env.putObject("libc");
        String[] lc = LinuxFacts.libc();
        libc.put("name", lc[0]);
        libc.put("version", lc[1]);

        ArrayNode jvms = env.putArray("jvms");
        for (Jdk j : jdks) {
            ObjectNode jn = jvms.addObject();
            jn.put("id", j.id());
            jn.put("version", j.version());
            jn.put("feature", j.feature());
            jn.put("vendor", j.vendor());
            jn.put("home", j.home().toString());
        }
        ArrayNode args = env.putArray("jvmArgs");
        jvmArgs.forEach(args::add);

        ObjectNode jab = env.putObject("jab");
        jab.put("version", JabHome.version());
        jab.put("commit", LinuxFacts.gitCommit(JabHome.get()).orElse("unknown"));
        return env;
    }

    /** The C library and its version, e.g. "glibc 2.36". */
    public static String libc() {
        return String.join(" ", LinuxFacts.libc());
    }

    /** The seed's template: OS heading, hardware heading, Test Date, VM version, VM options. */
    public static String heading(ObjectNode env) {
        StringBuilder sb = new StringBuilder();
        sb.append("#### ").append(env.path("os").path("name").asText()).append(" - ")
                .append(env.path("os").path("kernel").asText()).append(' ')
                .append(env.path("os").path("arch").asText()).append("\n\n");
        sb.append("##### ").append(hardwareLine(env)).append("\n");
        return sb.toString();
    }

    public static String hardwareLine(ObjectNode env) {
        var cpu = env.path("cpu");
        long hz = cpu.path("baseClockHz").asLong(-1);
        String clock = hz > 0 ? String.format(Locale.ROOT, " @ %.2fGHz", hz / 1e9) : "";
        var st = env.path("storage");
        return cpu.path("model").asText() + clock + ", " + cpu.path("physicalCores").asInt() + " Core(s), "
                + cpu.path("logicalThreads").asInt() + " Logical Processor(s) - "
                + Math.round(env.path("memory").path("totalBytes").asLong() / (double) (1L << 30)) + "GB RAM - "
                + st.path("model").asText() + " (" + st.path("type").asText() + "), "
                + st.path("filesystem").asText() + " at " + st.path("dir").asText();
    }

    /** Only what is there: a balloon's free page reporting and the THP mode (absent from older env.json files). */
    private static String memoryNote(JsonNode mem) {
        String fpr = mem.path("freePageReporting").asText("none");
        String thp = mem.path("transparentHugePages").asText("unknown");
        String damon = mem.path("damon").asText("none");
        return (fpr.equals("none") || fpr.isEmpty() ? "" : "; free page reporting: " + fpr)
                + (damon.equals("on") ? "; DAMON: on" : "")
                + (thp.equals("unknown") || thp.isEmpty() ? "" : "; THP: " + thp);
    }

    /** The comment block of the seed's code fence, for one JVM. */
    public static String vmBlock(ObjectNode env, String vmVersion, String vmOptions) {
        var os = env.path("os");
        return "# Test Date: " + env.path("date").asText() + "\n"
                + "# VM version: " + vmVersion + "\n"
                + "# VM options: " + (vmOptions.isBlank() ? "<none>" : vmOptions) + "\n"
                + "# Additional Notes: virtualization: " + os.path("virtualization").asText()
                + "; container: " + os.path("container").asText() + "; WSL: " + (os.path("wsl").asBoolean() ? "yes" : "no")
                + memoryNote(env.path("memory"))
                + "; " + env.path("libc").path("name").asText() + " " + env.path("libc").path("version").asText()
                + "; jab " + env.path("jab").path("version").asText() + " (" + env.path("jab").path("commit").asText() + ")\n";
    }
}
