package io.abk.billing.contracts;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * EIP-3009's authorizations as FiatToken v2 defines them: a payer's signed transfer that anyone
 * ({@code TransferWithAuthorization}) or only the payee ({@code ReceiveWithAuthorization}) may submit, valid
 * strictly between {@code validAfter} and {@code validBefore}, once per {@code nonce} (a payment's nonce is
 * {@link AuthorizationNonce#of}), and the payer's {@code CancelAuthorization} of an unused nonce.
 */
public final class Eip3009 {

    public static final String TRANSFER_WITH_AUTHORIZATION_TYPE = "TransferWithAuthorization";
    public static final String RECEIVE_WITH_AUTHORIZATION_TYPE = "ReceiveWithAuthorization";
    public static final String CANCEL_AUTHORIZATION_TYPE = "CancelAuthorization";

    private static final List<TypedData.Field> AUTHORIZATION_FIELDS = List.of(
            new TypedData.Field("from", "address"),
            new TypedData.Field("to", "address"),
            new TypedData.Field("value", "uint256"),
            new TypedData.Field("validAfter", "uint256"),
            new TypedData.Field("validBefore", "uint256"),
            new TypedData.Field("nonce", "bytes32"));

    private Eip3009() {}

    public static TypedData transferWithAuthorization(
            Eip712Domain token,
            String from,
            String to,
            BigInteger value,
            BigInteger validAfter,
            BigInteger validBefore,
            String nonce) {
        return authorization(TRANSFER_WITH_AUTHORIZATION_TYPE, token, from, to, value, validAfter, validBefore, nonce);
    }

    public static TypedData receiveWithAuthorization(
            Eip712Domain token,
            String from,
            String to,
            BigInteger value,
            BigInteger validAfter,
            BigInteger validBefore,
            String nonce) {
        return authorization(RECEIVE_WITH_AUTHORIZATION_TYPE, token, from, to, value, validAfter, validBefore, nonce);
    }

    public static TypedData cancelAuthorization(Eip712Domain token, String authorizer, String nonce) {
        var message = new LinkedHashMap<String, Object>();
        message.put("authorizer", EvmHex.address(authorizer, "authorizer"));
        message.put("nonce", EvmHex.word(nonce, "nonce"));
        return TypedData.of(
                token,
                CANCEL_AUTHORIZATION_TYPE,
                Map.of(
                        CANCEL_AUTHORIZATION_TYPE,
                        List.of(new TypedData.Field("authorizer", "address"), new TypedData.Field("nonce", "bytes32"))),
                message);
    }

    private static TypedData authorization(
            String type,
            Eip712Domain token,
            String from,
            String to,
            BigInteger value,
            BigInteger validAfter,
            BigInteger validBefore,
            String nonce) {
        var message = new LinkedHashMap<String, Object>();
        message.put("from", EvmHex.address(from, "from"));
        message.put("to", EvmHex.address(to, "to"));
        message.put("value", value);
        message.put("validAfter", validAfter);
        message.put("validBefore", validBefore);
        message.put("nonce", EvmHex.word(nonce, "nonce"));
        return TypedData.of(token, type, Map.of(type, AUTHORIZATION_FIELDS), message);
    }
}
