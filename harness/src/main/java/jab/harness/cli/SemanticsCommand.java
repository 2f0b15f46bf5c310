package jab.harness.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.Callable;

import jab.bench.support.BenchDirs;
import jab.harness.UsageException;
import jab.harness.fs.FsSemanticsRunner;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.run.RunPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "semantics", mixinStandardHelpOptions = true,
        description = {"Shows what each API of a family answers in the cases where they differ, per JDK.",
            "fs: a regular file, a directory, a missing path, a symlink to a file, a broken symlink,",
            "a symlink loop, and a path under a regular file (ENOTDIR)."},
        footer = {"", "Examples:", "  ./jab semantics fs", "  ./jab semantics fs --jdk all --dir /dev/shm"})
public final class SemanticsCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FAMILY", description = "the family: fs")
    String family;

    @Option(names = "--jdk", paramLabel = "SPEC[,SPEC...]|all", description = "JDKs to ask (default: the JDK running jab)")
    String jdk;

    @Option(names = "--dir", paramLabel = "DIR", description = "where the test paths are made (default: the temp dir)")
    Path dir;

    @Override
    public Integer call() throws Exception {
        if (!"fs".equals(family)) {
            throw new UsageException("no semantics table for '" + family + "'; families with one: fs");
        }
        List<Jdk> jdks = JdkSelector.select(jdk, new JdkDiscovery());
        Path base = RunPlan.usableDir(dir != null ? dir : Paths.get(System.getProperty("java.io.tmpdir")), "--dir");
        Path work = BenchDirs.freshTrialDir(base, "jab-semantics-run-");
        try {
            for (Jdk j : jdks) {
                System.out.println("JDK " + j.version() + " (" + j.vendor() + ", " + j.home() + "):");
                System.out.println();
                System.out.println(FsSemanticsRunner.markdown(FsSemanticsRunner.probe(j, work)));
            }
            System.out.println("broken symlink: File.exists and Files.exists follow the link and answer false;");
            System.out.println("Files.exists(p, NOFOLLOW_LINKS) looks at the link itself and answers true (JGit's FS_POSIX choice).");
        } finally {
            BenchDirs.deleteTree(work);
        }
        return Files.exists(work) ? 1 : 0;
    }
}
