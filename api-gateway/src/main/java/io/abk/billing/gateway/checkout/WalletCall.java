package io.abk.billing.gateway.checkout;

/**
 * One transaction for the customer's wallet to send ({@code eth_sendTransaction}): to a contract, with calldata, no
 * ether, and a sentence saying what signing it does.
 *
 * @param to the contract called (the USDC token or the subscription vault)
 * @param data the calldata, {@code 0x} hex
 * @param value the ether sent, {@code 0x} hex: always {@code 0x0}, since every call moves tokens only
 * @param description what the customer agrees to, for a human
 */
public record WalletCall(String to, String data, String value, String description) {

    static final String NO_ETHER = "0x0";

    static WalletCall of(String to, String data, String description) {
        return new WalletCall(to, data, NO_ETHER, description);
    }
}
