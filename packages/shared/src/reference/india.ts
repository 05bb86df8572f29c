/**
 * SPEC.md section 3, "Reference lists": the states and union territories of India with their districts, which drive
 * the state and district selectors of the address step (choosing a state populates its districts, section 4).
 *
 * The list is the one in force at the end of 2024: 28 states and 8 union territories (after the 2019 reorganisation
 * of Jammu and Kashmir and the 2020 merger of Dadra and Nagar Haveli with Daman and Diu), and every district
 * notified by then, including those created or renamed in 2023 and 2024 (Rajasthan as cut back to 41 districts in
 * December 2024; Nagaland's Meluri; Arunachal Pradesh's Keyi Panyor and Bichom; Assam's Karimganj renamed Sribhumi;
 * Ahmednagar renamed Ahilyanagar). Districts only announced, or created after 2024, are not here: a new one is a
 * one-line change, and a wrong one would be offered to every applicant. Names are the official English forms; where
 * two are in official use (Balasore and Baleshwar, Keonjhar and Kendujhar) the one applicants know better is kept.
 * Tamil Nadu's, which most applicants pick, are spelt as tn.gov.in spells them. States, and districts within a
 * state, are sorted with `localeCompare(…, "en")` so a selector can show them as they are.
 */

export const stateKinds = ["state", "union territory"] as const;
export type StateKind = (typeof stateKinds)[number];

/** One entry of the state selector; `districts` feeds the district selector once the state is chosen. */
export interface IndianState {
  readonly name: string;
  readonly kind: StateKind;
  readonly districts: readonly string[];
}

export const indianStates = [
  {
    name: "Andaman and Nicobar Islands",
    kind: "union territory",
    districts: [
      "Nicobar", "North and Middle Andaman", "South Andaman",
    ],
  },
  {
    name: "Andhra Pradesh",
    kind: "state",
    districts: [
      "Alluri Sitharama Raju", "Anakapalli", "Ananthapuramu", "Annamayya", "Bapatla", "Chittoor",
      "Dr. B.R. Ambedkar Konaseema", "East Godavari", "Eluru", "Guntur", "Kakinada", "Krishna", "Kurnool", "Nandyal",
      "NTR", "Palnadu", "Parvathipuram Manyam", "Prakasam", "Sri Potti Sriramulu Nellore", "Sri Sathya Sai",
      "Srikakulam", "Tirupati", "Visakhapatnam", "Vizianagaram", "West Godavari", "YSR Kadapa",
    ],
  },
  {
    name: "Arunachal Pradesh",
    kind: "state",
    districts: [
      "Anjaw", "Bichom", "Changlang", "Dibang Valley", "East Kameng", "East Siang", "Kamle", "Keyi Panyor",
      "Kra Daadi", "Kurung Kumey", "Lepa-Rada", "Lohit", "Longding", "Lower Dibang Valley", "Lower Siang",
      "Lower Subansiri", "Namsai", "Pakke-Kessang", "Papum Pare", "Shi-Yomi", "Siang", "Tawang", "Tirap",
      "Upper Siang", "Upper Subansiri", "West Kameng", "West Siang",
    ],
  },
  {
    name: "Assam",
    kind: "state",
    districts: [
      "Bajali", "Baksa", "Barpeta", "Biswanath", "Bongaigaon", "Cachar", "Charaideo", "Chirang", "Darrang", "Dhemaji",
      "Dhubri", "Dibrugarh", "Dima Hasao", "Goalpara", "Golaghat", "Hailakandi", "Hojai", "Jorhat", "Kamrup",
      "Kamrup Metropolitan", "Karbi Anglong", "Kokrajhar", "Lakhimpur", "Majuli", "Morigaon", "Nagaon", "Nalbari",
      "Sivasagar", "Sonitpur", "South Salmara-Mankachar", "Sribhumi", "Tamulpur", "Tinsukia", "Udalguri",
      "West Karbi Anglong",
    ],
  },
  {
    name: "Bihar",
    kind: "state",
    districts: [
      "Araria", "Arwal", "Aurangabad", "Banka", "Begusarai", "Bhagalpur", "Bhojpur", "Buxar", "Darbhanga",
      "East Champaran", "Gaya", "Gopalganj", "Jamui", "Jehanabad", "Kaimur", "Katihar", "Khagaria", "Kishanganj",
      "Lakhisarai", "Madhepura", "Madhubani", "Munger", "Muzaffarpur", "Nalanda", "Nawada", "Patna", "Purnia",
      "Rohtas", "Saharsa", "Samastipur", "Saran", "Sheikhpura", "Sheohar", "Sitamarhi", "Siwan", "Supaul", "Vaishali",
      "West Champaran",
    ],
  },
  {
    name: "Chandigarh",
    kind: "union territory",
    districts: [
      "Chandigarh",
    ],
  },
  {
    name: "Chhattisgarh",
    kind: "state",
    districts: [
      "Balod", "Baloda Bazar", "Balrampur-Ramanujganj", "Bastar", "Bemetara", "Bijapur", "Bilaspur", "Dantewada",
      "Dhamtari", "Durg", "Gariaband", "Gaurela-Pendra-Marwahi", "Janjgir-Champa", "Jashpur", "Kabirdham", "Kanker",
      "Khairagarh-Chhuikhadan-Gandai", "Kondagaon", "Korba", "Koriya", "Mahasamund",
      "Manendragarh-Chirmiri-Bharatpur", "Mohla-Manpur-Ambagarh Chowki", "Mungeli", "Narayanpur", "Raigarh", "Raipur",
      "Rajnandgaon", "Sakti", "Sarangarh-Bilaigarh", "Sukma", "Surajpur", "Surguja",
    ],
  },
  {
    name: "Dadra and Nagar Haveli and Daman and Diu",
    kind: "union territory",
    districts: [
      "Dadra and Nagar Haveli", "Daman", "Diu",
    ],
  },
  {
    name: "Delhi",
    kind: "union territory",
    districts: [
      "Central Delhi", "East Delhi", "New Delhi", "North Delhi", "North East Delhi", "North West Delhi", "Shahdara",
      "South Delhi", "South East Delhi", "South West Delhi", "West Delhi",
    ],
  },
  {
    name: "Goa",
    kind: "state",
    districts: [
      "North Goa", "South Goa",
    ],
  },
  {
    name: "Gujarat",
    kind: "state",
    districts: [
      "Ahmedabad", "Amreli", "Anand", "Aravalli", "Banaskantha", "Bharuch", "Bhavnagar", "Botad", "Chhota Udaipur",
      "Dahod", "Dang", "Devbhoomi Dwarka", "Gandhinagar", "Gir Somnath", "Jamnagar", "Junagadh", "Kachchh", "Kheda",
      "Mahisagar", "Mehsana", "Morbi", "Narmada", "Navsari", "Panchmahal", "Patan", "Porbandar", "Rajkot",
      "Sabarkantha", "Surat", "Surendranagar", "Tapi", "Vadodara", "Valsad",
    ],
  },
  {
    name: "Haryana",
    kind: "state",
    districts: [
      "Ambala", "Bhiwani", "Charkhi Dadri", "Faridabad", "Fatehabad", "Gurugram", "Hisar", "Jhajjar", "Jind",
      "Kaithal", "Karnal", "Kurukshetra", "Mahendragarh", "Nuh", "Palwal", "Panchkula", "Panipat", "Rewari", "Rohtak",
      "Sirsa", "Sonipat", "Yamunanagar",
    ],
  },
  {
    name: "Himachal Pradesh",
    kind: "state",
    districts: [
      "Bilaspur", "Chamba", "Hamirpur", "Kangra", "Kinnaur", "Kullu", "Lahaul and Spiti", "Mandi", "Shimla",
      "Sirmaur", "Solan", "Una",
    ],
  },
  {
    name: "Jammu and Kashmir",
    kind: "union territory",
    districts: [
      "Anantnag", "Bandipora", "Baramulla", "Budgam", "Doda", "Ganderbal", "Jammu", "Kathua", "Kishtwar", "Kulgam",
      "Kupwara", "Poonch", "Pulwama", "Rajouri", "Ramban", "Reasi", "Samba", "Shopian", "Srinagar", "Udhampur",
    ],
  },
  {
    name: "Jharkhand",
    kind: "state",
    districts: [
      "Bokaro", "Chatra", "Deoghar", "Dhanbad", "Dumka", "East Singhbhum", "Garhwa", "Giridih", "Godda", "Gumla",
      "Hazaribagh", "Jamtara", "Khunti", "Koderma", "Latehar", "Lohardaga", "Pakur", "Palamu", "Ramgarh", "Ranchi",
      "Sahibganj", "Seraikela Kharsawan", "Simdega", "West Singhbhum",
    ],
  },
  {
    name: "Karnataka",
    kind: "state",
    districts: [
      "Bagalkote", "Ballari", "Belagavi", "Bengaluru Rural", "Bengaluru Urban", "Bidar", "Chamarajanagara",
      "Chikkaballapura", "Chikkamagaluru", "Chitradurga", "Dakshina Kannada", "Davanagere", "Dharwad", "Gadag",
      "Hassan", "Haveri", "Kalaburagi", "Kodagu", "Kolar", "Koppal", "Mandya", "Mysuru", "Raichur", "Ramanagara",
      "Shivamogga", "Tumakuru", "Udupi", "Uttara Kannada", "Vijayanagara", "Vijayapura", "Yadgir",
    ],
  },
  {
    name: "Kerala",
    kind: "state",
    districts: [
      "Alappuzha", "Ernakulam", "Idukki", "Kannur", "Kasaragod", "Kollam", "Kottayam", "Kozhikode", "Malappuram",
      "Palakkad", "Pathanamthitta", "Thiruvananthapuram", "Thrissur", "Wayanad",
    ],
  },
  {
    name: "Ladakh",
    kind: "union territory",
    districts: [
      "Kargil", "Leh",
    ],
  },
  {
    name: "Lakshadweep",
    kind: "union territory",
    districts: [
      "Lakshadweep",
    ],
  },
  {
    name: "Madhya Pradesh",
    kind: "state",
    districts: [
      "Agar Malwa", "Alirajpur", "Anuppur", "Ashoknagar", "Balaghat", "Barwani", "Betul", "Bhind", "Bhopal",
      "Burhanpur", "Chhatarpur", "Chhindwara", "Damoh", "Datia", "Dewas", "Dhar", "Dindori", "Guna", "Gwalior",
      "Harda", "Indore", "Jabalpur", "Jhabua", "Katni", "Khandwa", "Khargone", "Maihar", "Mandla", "Mandsaur",
      "Mauganj", "Morena", "Narmadapuram", "Narsinghpur", "Neemuch", "Niwari", "Pandhurna", "Panna", "Raisen",
      "Rajgarh", "Ratlam", "Rewa", "Sagar", "Satna", "Sehore", "Seoni", "Shahdol", "Shajapur", "Sheopur", "Shivpuri",
      "Sidhi", "Singrauli", "Tikamgarh", "Ujjain", "Umaria", "Vidisha",
    ],
  },
  {
    name: "Maharashtra",
    kind: "state",
    districts: [
      "Ahilyanagar", "Akola", "Amravati", "Beed", "Bhandara", "Buldhana", "Chandrapur", "Chhatrapati Sambhajinagar",
      "Dharashiv", "Dhule", "Gadchiroli", "Gondia", "Hingoli", "Jalgaon", "Jalna", "Kolhapur", "Latur", "Mumbai City",
      "Mumbai Suburban", "Nagpur", "Nanded", "Nandurbar", "Nashik", "Palghar", "Parbhani", "Pune", "Raigad",
      "Ratnagiri", "Sangli", "Satara", "Sindhudurg", "Solapur", "Thane", "Wardha", "Washim", "Yavatmal",
    ],
  },
  {
    name: "Manipur",
    kind: "state",
    districts: [
      "Bishnupur", "Chandel", "Churachandpur", "Imphal East", "Imphal West", "Jiribam", "Kakching", "Kamjong",
      "Kangpokpi", "Noney", "Pherzawl", "Senapati", "Tamenglong", "Tengnoupal", "Thoubal", "Ukhrul",
    ],
  },
  {
    name: "Meghalaya",
    kind: "state",
    districts: [
      "East Garo Hills", "East Jaintia Hills", "East Khasi Hills", "Eastern West Khasi Hills", "North Garo Hills",
      "Ri Bhoi", "South Garo Hills", "South West Garo Hills", "South West Khasi Hills", "West Garo Hills",
      "West Jaintia Hills", "West Khasi Hills",
    ],
  },
  {
    name: "Mizoram",
    kind: "state",
    districts: [
      "Aizawl", "Champhai", "Hnahthial", "Khawzawl", "Kolasib", "Lawngtlai", "Lunglei", "Mamit", "Saitual",
      "Serchhip", "Siaha",
    ],
  },
  {
    name: "Nagaland",
    kind: "state",
    districts: [
      "Chumoukedima", "Dimapur", "Kiphire", "Kohima", "Longleng", "Meluri", "Mokokchung", "Mon", "Niuland", "Noklak",
      "Peren", "Phek", "Shamator", "Tseminyu", "Tuensang", "Wokha", "Zunheboto",
    ],
  },
  {
    name: "Odisha",
    kind: "state",
    districts: [
      "Angul", "Balangir", "Balasore", "Bargarh", "Bhadrak", "Boudh", "Cuttack", "Deogarh", "Dhenkanal", "Gajapati",
      "Ganjam", "Jagatsinghpur", "Jajpur", "Jharsuguda", "Kalahandi", "Kandhamal", "Kendrapara", "Keonjhar",
      "Khordha", "Koraput", "Malkangiri", "Mayurbhanj", "Nabarangpur", "Nayagarh", "Nuapada", "Puri", "Rayagada",
      "Sambalpur", "Subarnapur", "Sundargarh",
    ],
  },
  {
    name: "Puducherry",
    kind: "union territory",
    districts: [
      "Karaikal", "Mahe", "Puducherry", "Yanam",
    ],
  },
  {
    name: "Punjab",
    kind: "state",
    districts: [
      "Amritsar", "Barnala", "Bathinda", "Faridkot", "Fatehgarh Sahib", "Fazilka", "Ferozepur", "Gurdaspur",
      "Hoshiarpur", "Jalandhar", "Kapurthala", "Ludhiana", "Malerkotla", "Mansa", "Moga", "Pathankot", "Patiala",
      "Rupnagar", "Sahibzada Ajit Singh Nagar", "Sangrur", "Shahid Bhagat Singh Nagar", "Sri Muktsar Sahib",
      "Tarn Taran",
    ],
  },
  {
    name: "Rajasthan",
    kind: "state",
    districts: [
      "Ajmer", "Alwar", "Balotra", "Banswara", "Baran", "Barmer", "Beawar", "Bharatpur", "Bhilwara", "Bikaner",
      "Bundi", "Chittorgarh", "Churu", "Dausa", "Deeg", "Dholpur", "Didwana-Kuchaman", "Dungarpur", "Hanumangarh",
      "Jaipur", "Jaisalmer", "Jalore", "Jhalawar", "Jhunjhunu", "Jodhpur", "Karauli", "Khairthal-Tijara", "Kota",
      "Kotputli-Behror", "Nagaur", "Pali", "Phalodi", "Pratapgarh", "Rajsamand", "Salumbar", "Sawai Madhopur",
      "Sikar", "Sirohi", "Sri Ganganagar", "Tonk", "Udaipur",
    ],
  },
  {
    name: "Sikkim",
    kind: "state",
    districts: [
      "Gangtok", "Gyalshing", "Mangan", "Namchi", "Pakyong", "Soreng",
    ],
  },
  {
    name: "Tamil Nadu",
    kind: "state",
    districts: [
      "Ariyalur", "Chengalpattu", "Chennai", "Coimbatore", "Cuddalore", "Dharmapuri", "Dindigul", "Erode",
      "Kallakurichi", "Kancheepuram", "Kanniyakumari", "Karur", "Krishnagiri", "Madurai", "Mayiladuthurai",
      "Nagapattinam", "Namakkal", "Perambalur", "Pudukkottai", "Ramanathapuram", "Ranipet", "Salem", "Sivaganga",
      "Tenkasi", "Thanjavur", "The Nilgiris", "Theni", "Thoothukudi", "Tiruchirappalli", "Tirunelveli", "Tirupathur",
      "Tiruppur", "Tiruvallur", "Tiruvannamalai", "Tiruvarur", "Vellore", "Viluppuram", "Virudhunagar",
    ],
  },
  {
    name: "Telangana",
    kind: "state",
    districts: [
      "Adilabad", "Bhadradri Kothagudem", "Hanumakonda", "Hyderabad", "Jagtial", "Jangaon", "Jayashankar Bhupalpally",
      "Jogulamba Gadwal", "Kamareddy", "Karimnagar", "Khammam", "Kumuram Bheem Asifabad", "Mahabubabad",
      "Mahabubnagar", "Mancherial", "Medak", "Medchal-Malkajgiri", "Mulugu", "Nagarkurnool", "Nalgonda", "Narayanpet",
      "Nirmal", "Nizamabad", "Peddapalli", "Rajanna Sircilla", "Rangareddy", "Sangareddy", "Siddipet", "Suryapet",
      "Vikarabad", "Wanaparthy", "Warangal", "Yadadri Bhuvanagiri",
    ],
  },
  {
    name: "Tripura",
    kind: "state",
    districts: [
      "Dhalai", "Gomati", "Khowai", "North Tripura", "Sepahijala", "South Tripura", "Unakoti", "West Tripura",
    ],
  },
  {
    name: "Uttar Pradesh",
    kind: "state",
    districts: [
      "Agra", "Aligarh", "Ambedkar Nagar", "Amethi", "Amroha", "Auraiya", "Ayodhya", "Azamgarh", "Baghpat",
      "Bahraich", "Ballia", "Balrampur", "Banda", "Barabanki", "Bareilly", "Basti", "Bhadohi", "Bijnor", "Budaun",
      "Bulandshahr", "Chandauli", "Chitrakoot", "Deoria", "Etah", "Etawah", "Farrukhabad", "Fatehpur", "Firozabad",
      "Gautam Buddha Nagar", "Ghaziabad", "Ghazipur", "Gonda", "Gorakhpur", "Hamirpur", "Hapur", "Hardoi", "Hathras",
      "Jalaun", "Jaunpur", "Jhansi", "Kannauj", "Kanpur Dehat", "Kanpur Nagar", "Kasganj", "Kaushambi", "Kushinagar",
      "Lakhimpur Kheri", "Lalitpur", "Lucknow", "Maharajganj", "Mahoba", "Mainpuri", "Mathura", "Mau", "Meerut",
      "Mirzapur", "Moradabad", "Muzaffarnagar", "Pilibhit", "Pratapgarh", "Prayagraj", "Rae Bareli", "Rampur",
      "Saharanpur", "Sambhal", "Sant Kabir Nagar", "Shahjahanpur", "Shamli", "Shravasti", "Siddharthnagar", "Sitapur",
      "Sonbhadra", "Sultanpur", "Unnao", "Varanasi",
    ],
  },
  {
    name: "Uttarakhand",
    kind: "state",
    districts: [
      "Almora", "Bageshwar", "Chamoli", "Champawat", "Dehradun", "Haridwar", "Nainital", "Pauri Garhwal",
      "Pithoragarh", "Rudraprayag", "Tehri Garhwal", "Udham Singh Nagar", "Uttarkashi",
    ],
  },
  {
    name: "West Bengal",
    kind: "state",
    districts: [
      "Alipurduar", "Bankura", "Birbhum", "Cooch Behar", "Dakshin Dinajpur", "Darjeeling", "Hooghly", "Howrah",
      "Jalpaiguri", "Jhargram", "Kalimpong", "Kolkata", "Malda", "Murshidabad", "Nadia", "North 24 Parganas",
      "Paschim Bardhaman", "Paschim Medinipur", "Purba Bardhaman", "Purba Medinipur", "Purulia", "South 24 Parganas",
      "Uttar Dinajpur",
    ],
  },
] as const satisfies readonly IndianState[];

export type StateName = (typeof indianStates)[number]["name"];

/** The state selector's options, in the same (alphabetical) order as `indianStates`. */
export const stateNames: readonly StateName[] = indianStates.map((state) => state.name);

/**
 * Keyed by lower-cased name because the admission form upper-cases its text fields (SPEC.md section 5), so a saved
 * address may come back as "TAMIL NADU" and must still find its districts.
 */
const districtsByState: ReadonlyMap<string, readonly string[]> = new Map(
  indianStates.map((state) => [normalise(state.name), state.districts]),
);

function normalise(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The districts of a state or union territory, ignoring case and extra spaces; none for a name it does not know. */
export function districtsOf(state: string): readonly string[] {
  return districtsByState.get(normalise(state)) ?? [];
}
