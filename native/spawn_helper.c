/*
 * The second exec of spawn_baseline's "helper" floor, standing where the JDK's jspawnhelper stands
 * in POSIX_SPAWN (JDK 13+): posix_spawn starts this program, which execs the command. It does only
 * that, so the C floor holds the mechanism's two execs and nothing of the JDK's own protocol
 * (jspawnhelper reads the child's whole setup from a pipe: that part is the JVM's cost).
 *
 * usage: spawn_helper CMD (fd 3: the parent's fail pipe; a failed exec writes its errno there)
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        return 2;
    }
    fcntl(3, F_SETFD, FD_CLOEXEC); /* closes on the exec: EOF tells the parent the command started */
    execvp(argv[1], argv + 1);
    int e = errno;
    if (write(3, &e, sizeof e) < 0) {
        _exit(126);
    }
    _exit(127);
}
