package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.Account;
import io.abk.billing.client.param.AccountUpdateParams;

/** The merchant's account: its name, payout address, checkout branding and logo. */
public final class AccountService {

    private final Transport transport;

    public AccountService(Transport transport) {
        this.transport = transport;
    }

    /** The account. */
    public Account retrieve() {
        return retrieve(RequestOptions.NONE);
    }

    /** See {@link #retrieve()}; with this call's options. */
    @Operation("getAccount")
    public Account retrieve(RequestOptions options) {
        return transport.call("GET", "/v1/account", null, options, "account", Account.class);
    }

    /** Changes the display name, payout address or branding. */
    public Account update(AccountUpdateParams params) {
        return update(params, RequestOptions.NONE);
    }

    /** See {@link #update(AccountUpdateParams)}; with this call's options. */
    @Operation("updateAccount")
    public Account update(AccountUpdateParams params, RequestOptions options) {
        return transport.call("PATCH", "/v1/account", params, options, "account", Account.class);
    }

    /** Uploads the checkout's logo: a PNG ({@code image/png}) or JPEG ({@code image/jpeg}) of at most 256 KiB. */
    public Account putLogo(byte[] image, String contentType) {
        return putLogo(image, contentType, RequestOptions.NONE);
    }

    /** See {@link #putLogo(byte[], String)}; with this call's options. */
    @Operation("putAccountLogo")
    public Account putLogo(byte[] image, String contentType, RequestOptions options) {
        return transport.upload("PUT", "/v1/account/logo", image, contentType, options, "account", Account.class);
    }

    /** Removes the logo. */
    public Account deleteLogo() {
        return deleteLogo(RequestOptions.NONE);
    }

    /** See {@link #deleteLogo()}; with this call's options. */
    @Operation("deleteAccountLogo")
    public Account deleteLogo(RequestOptions options) {
        return transport.call("DELETE", "/v1/account/logo", null, options, "account", Account.class);
    }
}
