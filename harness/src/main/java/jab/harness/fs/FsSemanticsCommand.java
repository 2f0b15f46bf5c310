package jab.harness.fs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import jab.bench.support.BenchDirs;
import jab.harness.jdk.Jdk;
import jab.harness.page.MarkdownPage;
import jab.harness.run.options.ProbeOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code jab semantics fs}: the semantics table of each JDK, asked of that JDK's own JVM. */
@Command(name = "fs", mixinStandardHelpOptions = true,
        description = {"What each file-existence API answers for a regular file, a directory, a missing path, a symlink",
            "to a file, a broken symlink, a symlink loop, and a path under a regular file (ENOTDIR), per JDK."},
        footer = {"", "Examples:", "  ./jab semantics fs", "  ./jab semantics fs --jdk all --dir /dev/shm"})
final class FsSemanticsCommand implements Callable<Integer> {
    static final String VERB = "semantics";
    static final String VERB_DESCRIPTION = "Shows what each API of a family answers in the cases where they differ, per JDK.";

    @Mixin
    ProbeOptions options = new ProbeOptions();

    @Override
    public Integer call() throws Exception {
        List<Jdk> jdks = options.jdks();
        Path work = BenchDirs.freshTrialDir(options.dir(), "jab-semantics-run-");
        try {
            for (Jdk j : jdks) {
                System.out.println("JDK " + j.version() + " (" + j.vendor() + ", " + j.home() + "):");
                System.out.println();
                MarkdownPage page = new MarkdownPage();
                FsSemanticsTable.render(page, FsSemanticsRunner.probe(j, work));
                System.out.print(page.body());
            }
            System.out.println("broken symlink: File.exists and Files.exists follow the link and answer false;");
            System.out.println("Files.exists(p, NOFOLLOW_LINKS) looks at the link itself and answers true (JGit's FS_POSIX choice).");
        } finally {
            BenchDirs.deleteTree(work);
        }
        return Files.exists(work) ? 1 : 0;
    }
}
