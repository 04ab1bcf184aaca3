package io.abk.billing.gateway.portal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the chain shows now of a subscription's wallet (its mandate as {@code GET /v1/subscriptions/{id}/mandate}
 * reads it), and what the portal's row tells the customer to do when the next renewal is not funded: the same
 * shortfalls {@code invoice.upcoming} names before a renewal (docs/architecture.md, "Funding checks").
 *
 * @param balance the wallet's USDC
 * @param allowance the USDC the wallet lets the vault take
 * @param periodsCovered whole renewals the allowance pays
 */
record PortalFunding(BigDecimal balance, BigDecimal allowance, BigInteger periodsCovered) {

    /** The row's note {@code data-funding}: the balance, or the allowance, short of one renewal. */
    static final String SHORT_BALANCE = "short-balance";

    static final String SHORT_ALLOWANCE = "short-allowance";
    /** The allowance pays the next renewal but not the one after. */
    static final String LOW_ALLOWANCE = "low-allowance";

    /** The figures of a mandate reading; empty when the chain was not read (the sandbox, nothing on chain, no answer). */
    static Optional<PortalFunding> of(Map<String, @Nullable Object> mandate) {
        if (mandate.get("walletBalance") instanceof BigDecimal balance
                && mandate.get("allowance") instanceof BigDecimal allowance
                && mandate.get("periodsCovered") instanceof BigInteger periods) {
            return Optional.of(new PortalFunding(balance, allowance, periods));
        }
        return Optional.empty();
    }

    /**
     * The note of a subscription that renews on {@code renewsOn} for {@code amount}, or null when the renewal is funded
     * for two periods or more: {@code kind} (a {@code data-funding} value), {@code text}, and {@code raiseHref}, the
     * portal's raise-allowance action, when the allowance is what is short and the mode's chain takes signed requests.
     */
    @Nullable
    Map<String, @Nullable Object> note(
            String subscriptionId, BigDecimal amount, String wallet, String renewsOn, boolean signing) {
        var view = new HashMap<String, @Nullable Object>();
        var raise = signing ? "/portal/subscriptions/" + subscriptionId + "/raise-allowance" : null;
        if (balance.compareTo(amount) < 0) {
            view.put("kind", SHORT_BALANCE);
            view.put(
                    "text",
                    "Add " + usdc(amount.subtract(balance)) + " USDC to " + wallet + " before " + renewsOn
                            + ": the renewal takes " + usdc(amount) + " USDC and the wallet holds " + usdc(balance)
                            + " USDC"
                            + "." + (allowance.compareTo(amount) < 0 ? " Your allowance is short of it too." : ""));
            view.put("raiseHref", allowance.compareTo(amount) < 0 ? raise : null);
            return view;
        }
        if (allowance.compareTo(amount) < 0) {
            view.put("kind", SHORT_ALLOWANCE);
            view.put(
                    "text",
                    "Raise your allowance before " + renewsOn + ": the renewal takes " + usdc(amount)
                            + " USDC and the vault may take " + usdc(allowance) + " USDC from your wallet.");
            view.put("raiseHref", raise);
            return view;
        }
        if (periodsCovered.compareTo(BigInteger.TWO) < 0) {
            view.put("kind", LOW_ALLOWANCE);
            view.put(
                    "text",
                    "Your allowance pays the renewal on " + renewsOn
                            + " but not the one after; raise it to keep the subscription going.");
            view.put("raiseHref", raise);
            return view;
        }
        return null;
    }

    private static String usdc(BigDecimal amount) {
        return amount.stripTrailingZeros().toPlainString();
    }
}
