package io.abk.billing.kafkatestkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free ports on the loopback interface for a server that binds them a moment later (a test's broker, the local
 * stack's broker, PostgreSQL and service processes): picked below the kernel's ephemeral range and never handed out
 * twice by this JVM.
 *
 * <p>A port of the ephemeral range ({@code new ServerSocket(0)}) can be handed to anyone before the server binds it:
 * another process's listener on port 0, or the local end of any outgoing connection. That happened twice: with two
 * modules' tests at once a broker's controller failed to bind and Kafka's fault handler exited the test JVM; a local
 * stack's PostgreSQL could not bind its port and a web server of another stack answered on it. Below the range only
 * an explicit bind takes a port; and until it binds, a port picked before is still free to a second pick, hence the
 * set of ports already handed out.
 */
public final class LoopbackPorts {

    /** The lowest port picked: above the well-known and most registered ones. */
    private static final int LOW = 20_000;
    /** The first port of the kernel's ephemeral range (Linux's {@code ip_local_port_range}). */
    private static final int EPHEMERAL_LOW = ephemeralLow();

    private static final int ATTEMPTS = 1_000;

    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private LoopbackPorts() {}

    /** A port free on the loopback interface right now, below the ephemeral range, not handed out before. */
    public static int pick() {
        var loopback = InetAddress.getLoopbackAddress();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = LOW + ThreadLocalRandom.current().nextInt(EPHEMERAL_LOW - LOW);
            if (HANDED_OUT.contains(port)) {
                continue;
            }
            try (var probe = new ServerSocket(port, 1, loopback)) {
                if (HANDED_OUT.add(port)) {
                    return port;
                }
            } catch (IOException taken) {
                // Something listens there already: try another.
            }
        }
        throw new IllegalStateException("no free TCP port on the loopback interface in " + LOW + ".." + EPHEMERAL_LOW);
    }

    // readAllLines, not readString: readString trusts the size a /proc file reports and returns its first byte only.
    private static int ephemeralLow() {
        try {
            var range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                    .getFirst()
                    .trim()
                    .split("\\s+");
            return Math.max(LOW + 1_000, Math.min(Integer.parseInt(range[0]), 65_536));
        } catch (IOException | RuntimeException notLinux) {
            return 32_768;
        }
    }
}
