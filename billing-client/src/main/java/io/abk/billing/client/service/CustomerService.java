package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.Customer;
import io.abk.billing.client.param.CustomerCreateParams;
import io.abk.billing.client.param.CustomerListParams;
import io.abk.billing.client.param.CustomerUpdateParams;

/** Customers: one per wallet within the key's merchant and mode; create, find by wallet or email, read, change. */
public final class CustomerService {

    private final Transport transport;

    public CustomerService(Transport transport) {
        this.transport = transport;
    }

    /** Creates the customer of a wallet; one that already has one is 409 {@code customer_exists}. */
    public Customer create(CustomerCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(CustomerCreateParams)}; with this call's options. */
    @Operation("createCustomer")
    public Customer create(CustomerCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/customers", params, options, "customer", Customer.class);
    }

    /** One page of customers, newest first (filters: wallet, email). */
    public Page<Customer> list(CustomerListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(CustomerListParams)}; with this call's options. */
    @Operation("listCustomers")
    public Page<Customer> list(CustomerListParams params, RequestOptions options) {
        return transport.page(
                "/v1/customers", params.toListParams(), options, "customers", Customer.class, Customer::id);
    }

    /** The customer {@code id}. */
    public Customer retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getCustomer")
    public Customer retrieve(String id, RequestOptions options) {
        return transport.call(
                "GET", "/v1/customers/" + Transport.segment(id), null, options, "customer", Customer.class);
    }

    /** Changes or clears the email and name, and merges the metadata. */
    public Customer update(String id, CustomerUpdateParams params) {
        return update(id, params, RequestOptions.NONE);
    }

    /** See {@link #update(String, CustomerUpdateParams)}; with this call's options. */
    @Operation("updateCustomer")
    public Customer update(String id, CustomerUpdateParams params, RequestOptions options) {
        return transport.call(
                "PATCH", "/v1/customers/" + Transport.segment(id), params, options, "customer", Customer.class);
    }
}
