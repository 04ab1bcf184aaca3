package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.mode.Mode;
import java.util.Locale;

/**
 * Where a merchant's customers sign in to the customer portal, as the funding events link it: the gateway's
 * {@code /portal/sign-in} page (Sign-In with Ethereum) for one merchant and mode, under the public URL customers open
 * ({@code BILLING_PUBLIC_URL}, the gateway's own setting); also the hosted invoice pages the invoice numbering mints,
 * under the same URL.
 */
public record PortalLinks(String publicUrl) {

    /** The gateway's address when it runs on this machine with its defaults. */
    public static final PortalLinks LOCAL = new PortalLinks("http://localhost:8080");

    public PortalLinks {
        if (!publicUrl.startsWith("http://") && !publicUrl.startsWith("https://")) {
            throw new IllegalArgumentException(
                    "BILLING_PUBLIC_URL must be an absolute http(s) URL, was '" + publicUrl + "'");
        }
        publicUrl = publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl;
    }

    /** The public page of the invoice whose unguessable token is {@code token}: {@code <public url>/invoice/<token>}. */
    public String hostedInvoice(String token) {
        return publicUrl + "/invoice/" + token;
    }

    /** The portal's sign-in page of {@code merchantId} in {@code mode}. */
    public String signIn(String merchantId, Mode mode) {
        return publicUrl + "/portal/sign-in?merchant=" + merchantId + "&mode="
                + mode.name().toLowerCase(Locale.ROOT);
    }
}
