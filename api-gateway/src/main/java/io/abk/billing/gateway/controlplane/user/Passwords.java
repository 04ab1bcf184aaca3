package io.abk.billing.gateway.controlplane.user;

import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Password hashing with Argon2id (Spring Security's encoder over Bouncy Castle), at OWASP's recommended cost: 19 MiB
 * of memory, 2 passes, one lane, a 16-byte random salt and a 32-byte hash, kept as a PHC string
 * ({@code $argon2id$v=19$m=19456,t=2,p=1$salt$hash}) that names its own parameters, so a hash made at another cost
 * still verifies. Hashing takes tens of milliseconds of CPU on purpose, so it runs off the event loops.
 */
@Component
public class Passwords {

    static final int SALT_BYTES = 16;
    static final int HASH_BYTES = 32;
    static final int LANES = 1;
    static final int MEMORY_KIB = 19 * 1024;
    static final int PASSES = 2;

    private final Argon2PasswordEncoder encoder =
            new Argon2PasswordEncoder(SALT_BYTES, HASH_BYTES, LANES, MEMORY_KIB, PASSES);

    /** The PHC string of a fresh hash of {@code password}. */
    public Mono<String> hash(String password) {
        return Mono.fromCallable(() -> encoder.encode(password)).subscribeOn(Schedulers.boundedElastic());
    }

    /** Whether {@code password} is the one {@code hash} was made from. */
    public Mono<Boolean> matches(String password, String hash) {
        return Mono.fromCallable(() -> encoder.matches(password, hash)).subscribeOn(Schedulers.boundedElastic());
    }
}
