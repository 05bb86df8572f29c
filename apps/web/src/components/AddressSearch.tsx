import { Input, type GetProps } from "antd";
import { useAddressText } from "../lib/url-query";

type SearchProps = Omit<GetProps<typeof Input.Search>, "value" | "defaultValue" | "onChange" | "onSearch" | "allowClear">;

/**
 * A list's search box whose term lives in the page's address (useAddressText). Given the address's
 * term only as it mounted, a box went on showing the last term typed after Back; remounted at each
 * change of the address, it lost the focus the moment a search was sent. `onSearch` gets the trimmed
 * term, or undefined for none.
 */
export function AddressSearch({ term, onSearch, ...searchProps }: SearchProps & { term: string; onSearch: (term: string | undefined) => void }) {
  const box = useAddressText(term);
  const search = (value: string) => {
    box.sent(value.trim());
    onSearch(value.trim() || undefined);
  };
  return <Input.Search {...searchProps} allowClear value={box.text} onChange={(event) => box.setText(event.target.value)} onSearch={search} />;
}
