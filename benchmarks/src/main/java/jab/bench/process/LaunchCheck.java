package jab.bench.process;

import java.util.Arrays;

/**
 * Launches one command with one API in this JVM and says what happened, so jab's tests can prove
 * every API works (and fails, and times out) on every JDK, not only on the one running the tests.
 *
 * <p>usage: {@code java [-Djab.process.timeoutMs=N] jab.bench.process.LaunchCheck LAUNCHER COMMAND [ARGS]}
 * <br>prints {@code exit=<code> bytes=<stdout length> first=<first line>} or {@code error=<class>: <message>},
 * then {@code left=<n>}: child processes still there (running or unreaped) a few seconds later.
 */
public final class LaunchCheck {
    private LaunchCheck() {
    }

    public static void main(String[] args) {
        ProcessLauncher launcher = ProcessLauncher.valueOf(args[0]);
        String[] command = Arrays.copyOfRange(args, 1, args.length);
        try {
            Launched l = launcher.launch(command);
            String text = l.stdoutText();
            int nl = text.indexOf('\n');
            System.out.println("exit=" + l.exitCode + " bytes=" + l.stdout.length + " first="
                    + (nl < 0 ? text : text.substring(0, nl)).replaceAll("[^\\x20-\\x7e]", "?").substring(0, Math.min(80, nl < 0 ? text.length() : nl)));
        } catch (Exception e) {
            System.out.println("error=" + e.getClass().getName() + ": " + e.getMessage());
            System.out.println("ioException=" + (e instanceof java.io.IOException));
        }
        System.out.println("left=" + leftAfter(3000));
        ProcessReaper.killDescendants();
        System.exit(0); // NuProcess and zt-exec keep non-daemon threads
    }

    private static long leftAfter(long millis) {
        long end = System.currentTimeMillis() + millis;
        long n;
        while ((n = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count()) > 0
                && System.currentTimeMillis() < end) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                break;
            }
        }
        return n;
    }
}
