import type { RequestOptions } from '../transport.js';
import type { AccountUpdateParams } from '../params.js';
import type { Account as AccountObject } from '../types.js';
import { Resource } from './resource.js';

/** The image types the checkout's logo may have. */
export type LogoType = 'image/png' | 'image/jpeg';

/** /v1/account: the merchant account of the API key, and the logo its checkout pages show. */
export class Account extends Resource {
  retrieve(options?: RequestOptions): Promise<AccountObject> {
    return this.unwrap('account', { method: 'GET', path: '/v1/account' }, options);
  }

  update(params: AccountUpdateParams, options?: RequestOptions): Promise<AccountObject> {
    return this.unwrap('account', { method: 'PATCH', path: '/v1/account', body: params }, options);
  }

  /** Uploads the logo: a PNG or JPEG of at most 256 KiB. */
  putLogo(image: Uint8Array | ArrayBuffer | Blob, type: LogoType, options?: RequestOptions): Promise<AccountObject> {
    return this.unwrap('account', { method: 'PUT', path: '/v1/account/logo', body: image, contentType: type }, options);
  }

  deleteLogo(options?: RequestOptions): Promise<AccountObject> {
    return this.unwrap('account', { method: 'DELETE', path: '/v1/account/logo' }, options);
  }
}
