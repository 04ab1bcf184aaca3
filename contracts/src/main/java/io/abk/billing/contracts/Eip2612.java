package io.abk.billing.contracts;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * EIP-2612's {@code Permit}: the owner's signed approval of {@code spender}, which anyone may submit with the
 * token's {@code permit}. The domain is the token's, read from the token ({@code name()}, {@code version()}), never
 * assumed; the nonce is the token's {@code nonces(owner)}.
 */
public final class Eip2612 {

    public static final String PERMIT_TYPE = "Permit";

    static final List<TypedData.Field> PERMIT_FIELDS = List.of(
            new TypedData.Field("owner", "address"),
            new TypedData.Field("spender", "address"),
            new TypedData.Field("value", "uint256"),
            new TypedData.Field("nonce", "uint256"),
            new TypedData.Field("deadline", "uint256"));

    private Eip2612() {}

    /** @param deadline seconds since the epoch, or 2^256 - 1 for a permit that never expires */
    public static TypedData permit(
            Eip712Domain token, String owner, String spender, BigInteger value, BigInteger nonce, BigInteger deadline) {
        var message = new LinkedHashMap<String, Object>();
        message.put("owner", EvmHex.address(owner, "owner"));
        message.put("spender", EvmHex.address(spender, "spender"));
        message.put("value", value);
        message.put("nonce", nonce);
        message.put("deadline", deadline);
        return TypedData.of(token, PERMIT_TYPE, Map.of(PERMIT_TYPE, PERMIT_FIELDS), message);
    }
}
