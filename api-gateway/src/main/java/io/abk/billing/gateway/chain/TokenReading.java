package io.abk.billing.gateway.chain;

import io.abk.billing.contracts.Eip712Domain;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.PermitTokenAbi;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * What the signature paths read of a mode's token: its EIP-712 domain, with the name and version read from the token
 * (never assumed) and checked against the token's own {@code DOMAIN_SEPARATOR()}, and an owner's EIP-2612 permit nonce.
 * A token that answers none of these has no permit: {@link Unsupported}.
 */
public sealed interface TokenReading {

    /** The token signs by EIP-2612 and EIP-3009 in {@code domain}; {@code nonce} is the owner's next permit nonce. */
    record Permit(Eip712Domain domain, BigInteger nonce) implements TokenReading {}

    /** Why the token cannot be used by signature: the API writes {@code reason}. */
    record Unsupported(String reason) implements TokenReading {}

    /** A token without {@code name()}, {@code version()}, {@code DOMAIN_SEPARATOR()} or {@code nonces(owner)}. */
    String WITHOUT_PERMIT = "token_without_permit";

    /** A token whose separator is not the one its name, version, the chain id and its address make. */
    String DOMAIN_MISMATCH = "token_domain_mismatch";

    /** {@code name()}, {@code version()}, {@code DOMAIN_SEPARATOR()}, {@code nonces(owner)} on the token. */
    static List<MandateReading.Call> calls(String token, String owner) {
        return List.of(
                new MandateReading.Call(token, PermitTokenAbi.name()),
                new MandateReading.Call(token, PermitTokenAbi.version()),
                new MandateReading.Call(token, PermitTokenAbi.DOMAIN_SEPARATOR()),
                new MandateReading.Call(token, PermitTokenAbi.nonces(owner)));
    }

    /** The answers to {@link #calls}, in their order; any refused call means the token has no permit. */
    static TokenReading decode(long chainId, String token, List<MandateReading.Answer> answers) {
        for (var answer : answers) {
            if (answer.error() != null || empty(answer.result())) {
                return new Unsupported(WITHOUT_PERMIT);
            }
        }
        try {
            var domain = new Eip712Domain(
                    PermitTokenAbi.decodeString(result(answers.get(0))),
                    PermitTokenAbi.decodeString(result(answers.get(1))),
                    chainId,
                    token);
            var separator = PermitTokenAbi.decodeBytes32(result(answers.get(2)));
            if (!domain.separator().toLowerCase(Locale.ROOT).equals(separator.toLowerCase(Locale.ROOT))) {
                return new Unsupported(DOMAIN_MISMATCH);
            }
            return new Permit(domain, Erc20Abi.decodeUint256(result(answers.get(3))));
        } catch (RuntimeException malformed) {
            // A contract that answers something else than a FiatToken would (another ABI) is no permit token.
            return new Unsupported(WITHOUT_PERMIT);
        }
    }

    private static boolean empty(@Nullable String result) {
        return result == null || result.equals("0x");
    }

    private static String result(MandateReading.Answer answer) {
        return String.valueOf(answer.result());
    }
}
