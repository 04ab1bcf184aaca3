package io.abk.billing.contracts;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The typed data a customer signs for the vault: the subscription terms ({@code SubscribeAuthorization}) and a
 * cancel ({@code CancelSubscription}), in the vault's EIP-712 domain (name "SubscriptionVault", version "1", the
 * chain, the vault's address), so a signature holds for one vault on one chain only.
 */
public final class VaultSignatures {

    public static final String NAME = "SubscriptionVault";
    public static final String VERSION = "1";
    public static final String SUBSCRIBE_TYPE = "SubscribeAuthorization";
    public static final String CANCEL_TYPE = "CancelSubscription";

    private static final List<TypedData.Field> SUBSCRIBE_FIELDS = List.of(
            new TypedData.Field("ref", "bytes32"),
            new TypedData.Field("customer", "address"),
            new TypedData.Field("merchant", "address"),
            new TypedData.Field("token", "address"),
            new TypedData.Field("amount", "uint256"),
            new TypedData.Field("periodMonths", "uint16"),
            new TypedData.Field("firstChargeAt", "uint64"),
            new TypedData.Field("periods", "uint32"),
            new TypedData.Field("deadline", "uint256"),
            new TypedData.Field("nonce", "bytes32"));

    private static final List<TypedData.Field> CANCEL_FIELDS =
            List.of(new TypedData.Field("ref", "bytes32"), new TypedData.Field("deadline", "uint256"));

    private VaultSignatures() {}

    public static Eip712Domain domain(long chainId, String vault) {
        return new Eip712Domain(NAME, VERSION, chainId, vault);
    }

    public static TypedData subscribe(Eip712Domain vault, SubscribeAuthorization terms) {
        var message = new LinkedHashMap<String, Object>();
        message.put("ref", terms.ref());
        message.put("customer", terms.customer());
        message.put("merchant", terms.merchant());
        message.put("token", terms.token());
        message.put("amount", terms.amount());
        message.put("periodMonths", terms.periodMonths());
        message.put("firstChargeAt", terms.firstChargeAt().getEpochSecond());
        message.put("periods", terms.periods());
        message.put("deadline", terms.deadline().getEpochSecond());
        message.put("nonce", terms.nonce());
        return TypedData.of(vault, SUBSCRIBE_TYPE, Map.of(SUBSCRIBE_TYPE, SUBSCRIBE_FIELDS), message);
    }

    /** @param deadline seconds since the epoch: the last second the cancel may be submitted */
    public static TypedData cancel(Eip712Domain vault, String ref, BigInteger deadline) {
        var message = new LinkedHashMap<String, Object>();
        message.put("ref", EvmHex.word(ref, "ref"));
        message.put("deadline", deadline);
        return TypedData.of(vault, CANCEL_TYPE, Map.of(CANCEL_TYPE, CANCEL_FIELDS), message);
    }
}
