import { SearchOutlined } from "@ant-design/icons";
import { Input, type GetProps } from "antd";
import { useTranslation } from "react-i18next";
import { useAddressText } from "../lib/url-query";

type SearchProps = Omit<GetProps<typeof Input.Search>, "value" | "defaultValue" | "onChange" | "onSearch" | "allowClear">;

/**
 * A list's search box whose term lives in the page's address (useAddressText). Given the address's
 * term only as it mounted, a box went on showing the last term typed after Back; remounted at each
 * change of the address, it lost the focus the moment a search was sent. `onSearch` gets the trimmed
 * term, or undefined for none. The search button is named in the reader's language (Ant Design's icon
 * names it "search" in every language).
 */
export function AddressSearch({ term, onSearch, ...searchProps }: SearchProps & { term: string; onSearch: (term: string | undefined) => void }) {
  const { t } = useTranslation();
  const box = useAddressText(term);
  const search = (value: string) => {
    box.sent(value.trim());
    onSearch(value.trim() || undefined);
  };
  return (
    <Input.Search
      {...searchProps}
      allowClear
      searchIcon={<SearchOutlined aria-label={t("lists.search")} />}
      value={box.text}
      onChange={(event) => box.setText(event.target.value)}
      onSearch={search}
    />
  );
}
